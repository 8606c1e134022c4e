import { companies, jobs } from "../db/schema";

/** What every feed tells of a job (select from jobs joined to companies). */
export const feedJobColumns = {
  id: jobs.id,
  slug: jobs.slug,
  title: jobs.title,
  companyName: companies.name,
  department: jobs.department,
  region: jobs.region,
  type: jobs.type,
  location: jobs.location,
  salaryMin: jobs.salaryMin,
  salaryMax: jobs.salaryMax,
  salaryCurrency: jobs.salaryCurrency,
  description: jobs.description,
  descriptionHtml: jobs.descriptionHtml,
  publishedAt: jobs.publishedAt,
};
