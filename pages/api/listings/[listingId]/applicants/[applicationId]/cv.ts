import { operations } from "@/lib/api-registry/operations";
import { applicantCv } from "@/features/applications/server/employer-pipeline";
import { inlineCvDisposition } from "@/features/applications/server/cv-file";
import { cvStore } from "@/lib/server/storage/cv-store";
import { notFound } from "@/lib/server/errors";
import { apiRoute, FileReply, handle } from "@/lib/server/http/api-route";

/**
 * GET: an applicant's CV, for the listing's employer and moderators only, never cached (the
 * pipeline's default `private, no-store`); its address names ids the caller must own.
 */
export default apiRoute(
  handle(operations.getApplicantCv, async ({ db, user, member, params }) => {
    const cv = await applicantCv(db, { user, member }, params.listingId, params.applicationId);
    const bytes = await cvStore().get(cv.key);
    if (!bytes) throw notFound("This application's CV was deleted");
    return new FileReply(bytes, {
      "Content-Type": "application/pdf",
      "Content-Disposition": inlineCvDisposition(cv.name),
      "X-Content-Type-Options": "nosniff",
    });
  }),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
