import { eq } from "drizzle-orm";
import type { CompanyChanges } from "@/features/companies/schemas";
import type { Database } from "@/lib/server/db/client";
import type { Employer } from "@/lib/server/auth/employer";
import { jobs } from "@/lib/server/db/schema";
import { purgeCachedPages } from "@/lib/server/http/page-cache";
import { jobPagesPurge } from "@/features/jobs/server/forget-job-pages";
import { updateOwnCompany } from "./own-company";

/**
 * Changes the caller's company (updateOwnCompany: the change and its audit entry). Its jobs'
 * pages (and the lists they are on) show its name: they are dropped from the page cache.
 */
export async function updateCompanyAndForget(
  db: Database,
  caller: Employer,
  changes: CompanyChanges,
) {
  const company = await updateOwnCompany(db, caller, changes);
  const listed = await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.companyId, company.id));
  if (listed.length > 0) purgeCachedPages(jobPagesPurge(listed.map((job) => job.id)));
  return company;
}
