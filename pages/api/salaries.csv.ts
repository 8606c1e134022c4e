import { operations } from "@/lib/api-registry/operations";
import { salaryCsv } from "@/features/salaries/server/csv";
import { PUBLIC_CACHE_CONTROL } from "@/lib/server/http/cache";
import { apiRoute, FileReply, handle } from "@/lib/server/http/api-route";
import { salaryReport } from "@/features/salaries/server/salary-figures";

/** A salary page's figures as CSV: /api/salaries.csv?department=design&region=remote. */
export default apiRoute(
  handle(
    operations.getSalariesCsv,
    async ({ db, query }) => {
      const file = ["salaries", query.department, query.region].filter(Boolean).join("-");
      return new FileReply(Buffer.from(salaryCsv(await salaryReport(db, query))), {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${file}.csv"`,
      });
    },
    { cache: PUBLIC_CACHE_CONTROL.report },
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
