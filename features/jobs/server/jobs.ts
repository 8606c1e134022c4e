import { and, count, desc, eq, gt, ne, type SQL } from "drizzle-orm";
import { shownLogo } from "@/lib/logos/logos";
import type { Database } from "@/lib/server/db/client";
import { companies, jobs } from "@/lib/server/db/schema";
import type { SalaryPeriod } from "@/features/jobs/pay";
import type { JobDetail, JobSummary } from "@/features/jobs/types";
import { renderMarkdown } from "@/lib/markdown";
import { subdivisionLabel } from "@/features/jobs/locations";
import { placeColumns, placeOfRow } from "./job-location";

/** The columns of a JobSummary; select from jobs joined to companies. */
export const summaryColumns = {
  id: jobs.id,
  slug: jobs.slug,
  title: jobs.title,
  companyName: companies.name,
  companySlug: companies.slug,
  companyLogoUrl: companies.logoUrl,
  department: jobs.department,
  region: jobs.region,
  type: jobs.type,
  location: jobs.location,
  salaryMin: jobs.salaryMin,
  salaryMax: jobs.salaryMax,
  salaryCurrency: jobs.salaryCurrency,
  salaryPeriod: jobs.salaryPeriod,
  sponsored: jobs.sponsored,
  publishedAt: jobs.publishedAt,
};

export type SummaryRow = {
  id: number;
  slug: string;
  title: string;
  companyName: string;
  companySlug: string;
  companyLogoUrl: string | null;
  department: string;
  region: string;
  type: string;
  location: string;
  salaryMin: number | null;
  salaryMax: number | null;
  salaryCurrency: string;
  salaryPeriod: SalaryPeriod;
  sponsored: boolean;
  publishedAt: Date;
};

type JobFieldsRow = Omit<
  SummaryRow,
  "companyName" | "companySlug" | "companyLogoUrl" | "sponsored" | "publishedAt"
>;

/** A job's own fields as the API names them: what a listing has from the moment it is sent. */
export const jobFields = (row: JobFieldsRow) => ({
  id: row.id,
  slug: row.slug,
  title: row.title,
  department: row.department,
  region: row.region,
  type: row.type,
  location: row.location,
  salary_min: row.salaryMin,
  salary_max: row.salaryMax,
  salary_currency: row.salaryCurrency,
  salary_period: row.salaryPeriod,
});

export function toSummary(row: SummaryRow): JobSummary {
  return {
    ...jobFields(row),
    company: {
      name: row.companyName,
      slug: row.companySlug,
      // Only a logo uploaded here: an address elsewhere from an old submission is not shown.
      logo_url: shownLogo(row.companyLogoUrl),
    },
    sponsored: row.sponsored,
    published_at: row.publishedAt.toISOString(),
  };
}

/** Listed jobs: open, and not past their expiry date. */
export const isListed = (now: Date): SQL => and(eq(jobs.status, "open"), gt(jobs.expiresAt, now))!;

/** The columns of how a job takes applications. */
export const applyColumns = {
  applyUrl: jobs.applyUrl,
  applyEmail: jobs.applyEmail,
  applyMethod: jobs.applyMethod,
  screeningQuestions: jobs.screeningQuestions,
  applicationsCloseAt: jobs.applicationsCloseAt,
};

/** How a job takes applications, in the API's shape (JobDetail). */
export const applyAnswer = (row: {
  applyUrl: string | null;
  applyEmail: string | null;
  applyMethod: JobDetail["apply_method"];
  screeningQuestions: JobDetail["screening_questions"];
  applicationsCloseAt: Date | null;
}) => ({
  apply_url: row.applyUrl,
  apply_email: row.applyEmail,
  apply_method: row.applyMethod,
  screening_questions: row.screeningQuestions,
  applications_close_at: row.applicationsCloseAt?.toISOString() ?? null,
});

/** A job in any state (closed jobs stay reachable), or null when there is none. */
export async function getJob(
  db: Database,
  id: number,
  now: Date = new Date(),
): Promise<JobDetail | null> {
  return (await getJobRecord(db, id, now))?.job ?? null;
}

/** A job as getJob answers it, with its stored description HTML (null: not rendered yet). */
export async function getJobRecord(
  db: Database,
  id: number,
  now: Date = new Date(),
): Promise<{ job: JobDetail; descriptionHtml: string | null } | null> {
  const [row] = await db
    .select({
      ...summaryColumns,
      description: jobs.description,
      descriptionHtml: jobs.descriptionHtml,
      ...applyColumns,
      status: jobs.status,
      expiresAt: jobs.expiresAt,
      companyWebsite: companies.website,
      companyAbout: companies.about,
      ...placeColumns,
    })
    .from(jobs)
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .where(eq(jobs.id, id));
  if (!row || row.status === "pending" || row.status === "rejected" || row.status === "removed") {
    return null;
  }
  const {
    description,
    descriptionHtml,
    applyUrl,
    applyEmail,
    applyMethod,
    screeningQuestions,
    applicationsCloseAt,
    status,
    expiresAt,
    companyWebsite,
    companyAbout,
    remoteCountries,
    addressLocality,
    addressRegion,
    addressCountry,
    ...rest
  } = row;
  const place = placeOfRow(row);
  const summary = toSummary(rest);
  const job: JobDetail = {
    ...summary,
    company: { ...summary.company, website: companyWebsite, about: companyAbout },
    description,
    ...applyAnswer({ applyUrl, applyEmail, applyMethod, screeningQuestions, applicationsCloseAt }),
    status,
    expires_at: expiresAt.toISOString(),
    accepting_applications: status === "open" && expiresAt > now,
    place: {
      remote_countries: place.remoteCountries,
      address_locality: place.addressLocality,
      address_region: place.addressRegion,
      address_region_label: place.addressRegion && subdivisionLabel(place.addressRegion),
      address_country: place.addressCountry,
    },
  };
  return { job, descriptionHtml };
}

/**
 * Other listed jobs in the same department, those in the same region first, each group newest
 * first (sponsored listings have their slots atop the lists, not here). Each group is read along the department's list index and
 * stops after `limit` rows, so the cost does not grow with the department.
 */
export async function findSimilarJobs(
  db: Database,
  job: Pick<JobDetail, "id" | "department" | "region">,
  limit = 4,
  now: Date = new Date(),
): Promise<JobSummary[]> {
  const group = (region: SQL, count: number) =>
    db
      .select(summaryColumns)
      .from(jobs)
      .innerJoin(companies, eq(companies.id, jobs.companyId))
      .where(and(isListed(now), eq(jobs.department, job.department), ne(jobs.id, job.id), region))
      .orderBy(desc(jobs.publishedAt), desc(jobs.id))
      .limit(count);
  const sameRegion = await group(eq(jobs.region, job.region), limit);
  const others =
    sameRegion.length < limit
      ? await group(ne(jobs.region, job.region), limit - sameRegion.length)
      : [];
  return [...sameRegion, ...others].map(toSummary);
}

type DescribedJob = { id: number; description: string; descriptionHtml: string | null };

/** A description rendered now: its Markdown as rendered, and the HTML. */
export type RenderedDescription = { id: number; description: string; html: string };

/**
 * Keeps rendered descriptions beside their Markdown, where the Markdown is still the one rendered:
 * listings' storeDescriptionHtml (features/listings/server/listing-state.ts, the jobs table's one
 * writer). Its callers pass it in (the pages, for feeds), so jobs reads without writing.
 */
export type StoreDescriptionHtml = (
  db: Database,
  rendered: readonly RenderedDescription[],
) => Promise<void>;

/**
 * A job's description as safe HTML: stored when the job was written, or rendered now and
 * stored for next time through `store` (rows written before the column existed, and seeded
 * boards). The update only lands if the Markdown is still the one rendered.
 */
export async function descriptionHtmlOf(
  db: Database,
  job: DescribedJob,
  store: StoreDescriptionHtml,
): Promise<string> {
  return (await descriptionHtmlOfMany(db, [job], store)).get(job.id)!;
}

/**
 * The descriptions of many jobs as safe HTML, by job id: those not stored yet are rendered and
 * stored through `store` in one statement (a feed's batch of 500 on a seeded board: one update,
 * not 500).
 */
export async function descriptionHtmlOfMany(
  db: Database,
  rows: readonly DescribedJob[],
  store: StoreDescriptionHtml,
): Promise<Map<number, string>> {
  const html = new Map<number, string>();
  const rendered: RenderedDescription[] = [];
  for (const row of rows) {
    if (row.descriptionHtml !== null) {
      html.set(row.id, row.descriptionHtml);
      continue;
    }
    const fresh = await renderMarkdown(row.description);
    html.set(row.id, fresh);
    rendered.push({ id: row.id, description: row.description, html: fresh });
  }
  if (rendered.length > 0) await store(db, rendered);
  return html;
}

/** How many listed jobs each department has. */
export async function countJobsByDepartment(
  db: Database,
  now: Date = new Date(),
): Promise<Record<string, number>> {
  const rows = await db
    .select({ department: jobs.department, total: count() })
    .from(jobs)
    .where(isListed(now))
    .groupBy(jobs.department);
  return Object.fromEntries(rows.map((row) => [row.department, row.total]));
}
