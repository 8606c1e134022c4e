import { operations } from "@/lib/api/operations";
import { apiRoute, handle } from "@/lib/server/http/api-route";
import { forgetJobPages } from "@/lib/server/jobs/forget-job-pages";
import { closeListing } from "@/lib/server/listings/manage-listings";
import { findOwnListing } from "@/lib/server/listings/listings-service";

/** POST: the listing leaves the board as withdrawn (see closeListing). */
export default apiRoute(
  handle(operations.withdrawListing, async ({ db, user, params }) => {
    const { wasListed } = await closeListing(db, user, params.submissionId, "withdrawn");
    // Gone from the board at once: its page, the lists, search and the sitemap.
    if (wasListed) forgetJobPages(params.submissionId);
    return { listing: await findOwnListing(db, user.id, params.submissionId) };
  }),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
