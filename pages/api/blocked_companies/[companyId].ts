import { operations } from "@/lib/api-registry/operations";
import { unblockCompany } from "@/features/directory/server/invitations-candidate";
import { apiRoute, handle } from "@/lib/server/http/api-route";

/** DELETE: let a company the caller stopped find and invite them again. */
export default apiRoute(
  handle(operations.unblockCompany, ({ db, user, params }) =>
    unblockCompany(db, user.id, params.companyId),
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
