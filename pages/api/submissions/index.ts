import { operations } from "@/lib/api/operations";
import { apiRoute, handle, Reply } from "@/lib/server/http/api-route";
import { SUBMISSION_RATE_LIMIT, submitListing } from "@/lib/server/listings/submit-api";
import { listOwnListings } from "@/lib/server/listings/listings-service";

/** GET: the caller's listings and where each stands. POST: submit a listing (201). */
export default apiRoute(
  handle(operations.listOwnListings, async ({ db, user }) => ({
    listings: await listOwnListings(db, user.id),
  })),
  handle(
    operations.submitListing,
    async ({ db, user, body, address }) =>
      new Reply(201, await submitListing(db, user, body, address)),
    { limit: SUBMISSION_RATE_LIMIT },
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
