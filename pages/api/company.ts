import { operations } from "@/lib/api-registry/operations";
import { updateCompanyAndForget } from "@/features/companies/server/company-api";
import { ownCompany } from "@/features/companies/server/own-company";
import { apiRoute, handle } from "@/lib/server/http/api-route";

/** The caller's company: its members read it, recruiters and above change it. */
export default apiRoute(
  handle(operations.getOwnCompany, async ({ db, member }) => ({
    company: await ownCompany(db, member.companyId),
  })),
  handle(operations.updateOwnCompany, async ({ db, user, member, body }) => ({
    company: await updateCompanyAndForget(db, { user, member }, body.company),
  })),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
