import { operations } from "@/lib/api/operations";
import { updateCompanyAndForget } from "@/lib/server/companies/company-api";
import { ownCompany } from "@/lib/server/companies/own-company";
import { apiRoute, handle } from "@/lib/server/http/api-route";

/** The signed-in employer's own company: read it, change it. Nobody reaches another's. */
export default apiRoute(
  handle(operations.getOwnCompany, async ({ db, user }) => ({
    company: await ownCompany(db, user.id),
  })),
  handle(operations.updateOwnCompany, async ({ db, user, body }) => ({
    company: await updateCompanyAndForget(db, user, body.company),
  })),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
