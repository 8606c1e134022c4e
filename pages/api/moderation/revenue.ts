import { operations } from "@/lib/api-registry/operations";
import { revenueReport } from "@/features/billing/server/revenue";
import { apiRoute, handle } from "@/lib/server/http/api-route";

/** GET, moderators only: the revenue report by month and product (issue 63), never cached. */
export default apiRoute(
  handle(operations.getRevenueReport, ({ db, query }) => revenueReport(db, query)),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
