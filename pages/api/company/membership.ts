import { operations } from "@/lib/api-registry/operations";
import { updateMembership } from "@/features/companies/server/team";
import { apiRoute, handle } from "@/lib/server/http/api-route";

/** PATCH: the caller's own choices in their team (which new-applicant mail they get). */
export default apiRoute(
  handle(operations.updateMembership, async ({ db, member, body }) => ({
    team: await updateMembership(db, member, body.membership.applicant_mail),
  })),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
