import { operations } from "@/lib/api-registry/operations";
import { apiRoute, handle } from "@/lib/server/http/api-route";
import { listEnquiries } from "@/features/moderation/server/enquiries-inbox";

/** GET, moderators only: the enquiries inbox, by status, newest first, with replies. */
export default apiRoute(
  handle(operations.listEnquiries, ({ db, query }) => listEnquiries(db, query)),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
