import { operations } from "@/lib/api-registry/operations";
import { apiRoute, handle, Reply } from "@/lib/server/http/api-route";
import { SUBMISSION_RATE_LIMIT, submitListing } from "@/features/listings/server/submit-api";
import { listOwnListings } from "@/features/listings/server/listings";

/** GET: the company's listings and where each stands. POST: submit a listing (201). */
export default apiRoute(
  handle(operations.listOwnListings, async ({ db, member }) => ({
    // Before their first listing they are in no company, and have none.
    listings: member ? await listOwnListings(db, member.companyId) : [],
  })),
  handle(
    operations.submitListing,
    async ({ db, user, member, body, address }) =>
      new Reply(201, await submitListing(db, { user, member }, body, address)),
    { limit: SUBMISSION_RATE_LIMIT },
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
