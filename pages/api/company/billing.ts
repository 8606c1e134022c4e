import { operations } from "@/lib/api-registry/operations";
import { readBillingDetails, saveBillingDetails } from "@/features/billing/server/billing-details";
import { apiRoute, handle } from "@/lib/server/http/api-route";

/** GET, PUT: who the company's invoices are made out to (owner and admins). */
export default apiRoute(
  handle(operations.getBillingDetails, async ({ db, member }) => ({
    billing: await readBillingDetails(db, member.companyId),
  })),
  handle(operations.updateBillingDetails, async ({ db, user, member, body }) => ({
    billing: await saveBillingDetails(db, { user, member }, body.billing),
  })),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
