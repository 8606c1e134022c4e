import { operations } from "@/lib/api-registry/operations";
import { legalPdf } from "@/features/content/server/legal-pdf";
import { legalVersionSource } from "@/features/content/server/legal-versions";
import { PUBLIC_CACHE_CONTROL } from "@/lib/server/http/cache";
import { apiRoute, FileReply, handle } from "@/lib/server/http/api-route";
import { notFound } from "@/lib/server/errors";
import { refreshBoardSettings } from "@/lib/server/board-settings";
import { SITE_NAME } from "@/lib/site";

/**
 * A legal document as a PDF download: /api/pdfs/privacy and the other three, at their current
 * version, or an older one with ?version=2 (issue 64). Publishing a version purges them.
 */
export default apiRoute(
  handle(
    operations.getLegalPdf,
    async ({ db, params: { document }, query: { version } }) => {
      const source = await legalVersionSource(db, document, version);
      if (!source) throw notFound("No such version");
      await refreshBoardSettings(db);
      const pdf = await legalPdf(source);
      // The file's name keeps the constant: ASCII and stable, whatever the board is called.
      const stem = `${SITE_NAME.toLowerCase().replace(/\s+/g, "-")}-${document}`;
      const file = version === undefined ? `${stem}.pdf` : `${stem}-v${source.version}.pdf`;
      return new FileReply(pdf, {
        "Content-Type": "application/pdf",
        "Content-Disposition": `attachment; filename="${file}"`,
      });
    },
    { cache: PUBLIC_CACHE_CONTROL.document },
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
