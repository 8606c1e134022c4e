import { LEGAL_DOCUMENTS } from "@/lib/legal";
import { legalPdf } from "@/lib/server/content/legal-pdf";
import { readLegalSource } from "@/lib/server/content/legal";
import { notFound } from "@/lib/server/http/errors";
import { apiHandler } from "@/lib/server/http/handler";
import { SITE_NAME } from "@/lib/site";

/** A legal document as a PDF download: /api/pdfs/privacy and the other three. */
export default apiHandler({
  GET: async (req, res) => {
    const entry = LEGAL_DOCUMENTS.find((document) => document.name === req.query.document);
    if (!entry) throw notFound("No such document");
    const pdf = await legalPdf(await readLegalSource(entry.name));
    const file = `${SITE_NAME.toLowerCase().replace(/\s+/g, "-")}-${entry.name}.pdf`;
    res.setHeader("Content-Type", "application/pdf");
    res.setHeader("Content-Disposition", `attachment; filename="${file}"`);
    res.setHeader("Cache-Control", "public, s-maxage=86400, stale-while-revalidate=604800");
    res.status(200).send(pdf);
    return undefined;
  },
});

/** Bodies are read, and refused in JSON, by apiHandler. */
export const config = { api: { bodyParser: false } };
