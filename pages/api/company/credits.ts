import { operations } from "@/lib/api-registry/operations";
import { creditBalance } from "@/features/billing/server/credits";
import { apiRoute, handle } from "@/lib/server/http/api-route";

/** GET: the listing credits the caller's company can spend (zero for someone in none). */
export default apiRoute(
  handle(operations.getCreditBalance, async ({ db, member }) => ({
    credits: await creditBalance(db, member?.companyId ?? null),
  })),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
