import { operations } from "@/lib/api-registry/operations";
import { listSentInvitations } from "@/features/directory/server/invitations-employer";
import { apiRoute, handle } from "@/lib/server/http/api-route";

/** GET: the company's invitations to apply, with the candidates' answers, and today's allowance. */
export default apiRoute(
  handle(operations.listSentInvitations, ({ db, user, member }) =>
    listSentInvitations(db, { user, member }),
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
