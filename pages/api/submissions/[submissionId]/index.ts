import { operations } from "@/lib/api/operations";
import { apiRoute, handle } from "@/lib/server/http/api-route";
import { forgetJobPages } from "@/lib/server/jobs/forget-job-pages";
import { editListing, ownListingDetail } from "@/lib/server/listings/manage-listings";

/**
 * GET: one of the caller's listings and its fields. PATCH: edit it (another employer's listing
 * is not found). An edit that shows at once drops the pages it is on from the page cache.
 */
export default apiRoute(
  handle(operations.getOwnListing, async ({ db, user, params }) =>
    ownListingDetail(db, user, params.submissionId),
  ),
  handle(operations.editListing, async ({ db, user, params, body }) => {
    const changes = body.place ? { ...body.job, place: body.place } : body.job;
    const { outcome, changed } = await editListing(db, user, params.submissionId, changes);
    if (changed) forgetJobPages(params.submissionId);
    return { ...(await ownListingDetail(db, user, params.submissionId)), outcome };
  }),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
