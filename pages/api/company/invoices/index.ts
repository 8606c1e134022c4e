import { operations } from "@/lib/api-registry/operations";
import { billingOverview } from "@/features/billing/server/billing-api";
import { apiRoute, handle } from "@/lib/server/http/api-route";

/** GET: the company's invoices and credit notes, credits and terms (owner and admins). */
export default apiRoute(
  handle(operations.getBilling, ({ db, member }) => billingOverview(db, member)),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
