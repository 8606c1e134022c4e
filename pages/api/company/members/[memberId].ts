import { operations } from "@/lib/api-registry/operations";
import { changeRoleAndTell, removeAndTell } from "@/features/companies/server/team-api";
import { apiRoute, handle } from "@/lib/server/http/api-route";

/** PATCH: give a member another role. DELETE: remove them (owner and admins). */
export default apiRoute(
  handle(operations.changeMemberRole, ({ db, user, member, params, body }) =>
    changeRoleAndTell(db, { user, member }, params.memberId, body.member.role),
  ),
  handle(operations.removeMember, ({ db, user, member, params }) =>
    removeAndTell(db, { user, member }, params.memberId),
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
