import { operations } from "@/lib/api-registry/operations";
import { applicantsCsv } from "@/features/applications/server/applicants-csv";
import { apiRoute, FileReply, handle } from "@/lib/server/http/api-route";

/**
 * GET: a listing's applicants as CSV, for its employer and moderators. Names, emails and CVs'
 * answers are personal data: never cached, and saved as a file rather than shown.
 */
export default apiRoute(
  handle(operations.exportApplicants, async ({ db, user, member, params }) => {
    const csv = await applicantsCsv(db, { user, member }, params.listingId);
    return new FileReply(Buffer.from(csv, "utf8"), {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="applicants-${params.listingId}.csv"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    });
  }),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
