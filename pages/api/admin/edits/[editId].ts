import { operations } from "@/lib/api/operations";
import { apiRoute, handle } from "@/lib/server/http/api-route";
import { forgetJobPages } from "@/lib/server/jobs/forget-job-pages";
import { decideEdit } from "@/lib/server/listings/edit-review";

/**
 * POST, moderators only: approve an edit of a published listing (it shows at once: its pages
 * are dropped from the page cache) or reject it with a reason the employer reads.
 */
export default apiRoute(
  handle(operations.decideEdit, async ({ db, moderator, params, body }) => {
    const { listingId, published } = await decideEdit(db, params.editId, body, moderator);
    if (published) forgetJobPages(listingId);
    return { listing_id: listingId, published };
  }),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
