import { operations } from "@/lib/api-registry/operations";
import { companyActivity } from "@/features/applications/server/company-activity";
import { apiRoute, handle } from "@/lib/server/http/api-route";

/** GET: who did what in the company, newest first (owner and admins). */
export default apiRoute(
  handle(operations.getCompanyActivity, ({ db, member, query }) =>
    companyActivity(db, member, query.before),
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
