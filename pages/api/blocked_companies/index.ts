import { operations } from "@/lib/api-registry/operations";
import { listBlockedCompanies } from "@/features/directory/server/invitations-candidate";
import { apiRoute, handle } from "@/lib/server/http/api-route";

/** GET: the companies the caller stopped. */
export default apiRoute(
  handle(operations.listBlockedCompanies, ({ db, user }) => listBlockedCompanies(db, user.id)),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
