import { operations } from "@/lib/api-registry/operations";
import { legalPdf } from "@/features/content/server/legal-pdf";
import { readLegalSource } from "@/features/content/server/legal";
import { PUBLIC_CACHE_CONTROL } from "@/lib/server/http/cache";
import { apiRoute, FileReply, handle } from "@/lib/server/http/api-route";
import { SITE_NAME } from "@/lib/site";

/** A legal document as a PDF download: /api/pdfs/privacy and the other three. */
export default apiRoute(
  handle(
    operations.getLegalPdf,
    async ({ params: { document } }) => {
      const pdf = await legalPdf(await readLegalSource(document));
      const file = `${SITE_NAME.toLowerCase().replace(/\s+/g, "-")}-${document}.pdf`;
      return new FileReply(pdf, {
        "Content-Type": "application/pdf",
        "Content-Disposition": `attachment; filename="${file}"`,
      });
    },
    { cache: PUBLIC_CACHE_CONTROL.document, database: false },
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
