import { eq } from "drizzle-orm";
import { operations } from "@/lib/api/operations";
import { jobs } from "@/lib/server/db/schema";
import { purgeCachedPages } from "@/lib/server/http/page-cache";
import { jobPagesPurge } from "@/lib/server/jobs/forget-job-pages";
import { ownCompany, updateOwnCompany } from "@/lib/server/companies/own-company";
import { apiRoute, handle } from "@/lib/server/http/api-route";

/** The signed-in employer's own company: read it, change it. Nobody reaches another's. */
export default apiRoute(
  handle(operations.getOwnCompany, async ({ db, user }) => ({
    company: await ownCompany(db, user.id),
  })),
  handle(operations.updateOwnCompany, async ({ db, user, body }) => {
    const company = await updateOwnCompany(db, user, body.company);
    // Its jobs' pages (and the lists they are on) show its name: dropped everywhere.
    const listed = await db
      .select({ id: jobs.id })
      .from(jobs)
      .where(eq(jobs.companyId, company.id));
    if (listed.length > 0) purgeCachedPages(jobPagesPurge(listed.map((job) => job.id)));
    return { company };
  }),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
