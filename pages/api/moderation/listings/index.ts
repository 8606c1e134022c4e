import { operations } from "@/lib/api-registry/operations";
import { apiRoute, handle } from "@/lib/server/http/api-route";
import { liveListings } from "@/features/moderation/server/listings";

/** GET, moderators only: live listings, newest first, found by title, company or id. */
export default apiRoute(
  handle(operations.listLiveListings, ({ db, query }) => liveListings(db, query)),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
