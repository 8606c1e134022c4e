import { operations } from "@/lib/api-registry/operations";
import { readBillingContact, saveBillingContact } from "@/features/billing/server/billing-details";
import { apiRoute, handle } from "@/lib/server/http/api-route";

/** GET, PUT: where the company's invoices and credit notes are mailed (owner and admins). */
export default apiRoute(
  handle(operations.getBillingContact, async ({ db, member }) => ({
    contact: await readBillingContact(db, member.companyId),
  })),
  handle(operations.updateBillingContact, async ({ db, user, member, body }) => ({
    contact: await saveBillingContact(db, { user, member }, body),
  })),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
