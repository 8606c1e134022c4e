import { operations } from "@/lib/api-registry/operations";
import { claimCompany } from "@/features/imports/server/claim";
import { apiRoute, handle } from "@/lib/server/http/api-route";

/** POST: claim a company the board added with no account, with an address at its domain. */
export default apiRoute(
  handle(operations.claimCompany, ({ db, user, params }) => claimCompany(db, user, params.slug)),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
