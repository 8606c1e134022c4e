import { operations } from "@/lib/api-registry/operations";
import { PUBLIC_CACHE_CONTROL } from "@/lib/server/http/cache";
import { apiRoute, handle } from "@/lib/server/http/api-route";
import { salaryReport } from "@/features/salaries/server/salary-figures";

/** What listings pay, as JSON: the figures of /salaries and its role and region pages. */
export default apiRoute(
  handle(operations.getSalaries, ({ db, query }) => salaryReport(db, query), {
    cache: PUBLIC_CACHE_CONTROL.report,
  }),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
