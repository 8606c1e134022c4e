import { operations } from "@/lib/api-registry/operations";
import { apiRoute, handle } from "@/lib/server/http/api-route";
import { readListingStats } from "@/features/listings/server/listing-stats";
import { findOwnListing } from "@/features/listings/server/listings";

/** GET: the caller's own listing's statistics; anyone else's is 404, as if it did not exist. */
export default apiRoute(
  handle(operations.getListingStats, async ({ db, member, params }) => {
    const listing = await findOwnListing(db, member.companyId, params.listingId);
    const since = new Date(listing.published_at ?? listing.submitted_at);
    return { stats: await readListingStats(db, listing.id, since) };
  }),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
