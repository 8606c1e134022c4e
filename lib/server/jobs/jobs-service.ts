import { and, arrayContains, count, desc, eq, gt, gte, ne, sql, type SQL } from "drizzle-orm";
import { JOBS_PER_PAGE, MAX_PAGE, type JobFilters } from "@/lib/jobs/filters";
import { shownLogo } from "@/lib/logos/logos";
import type { Database } from "../db/client";
import { companies, jobs } from "../db/schema";
import type { SalaryPeriod } from "@/lib/salaries/pay";
import { annualPay } from "../salaries/annual-pay";
import type { JobDetail, JobPage, JobSummary } from "@/lib/jobs/types";
import { renderMarkdown } from "@/lib/markdown";
import { subdivisionLabel } from "@/lib/jobs/locations";
import { placeColumns, placeOfRow } from "./job-location";
import { planSearch, rankWithRecency, toTsquery, type SearchPlan } from "./search";

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

/** The conditions of the filters other than the keyword (see planSearch for that). */
function filterConditions(filters: Omit<JobFilters, "q" | "page" | "per_page">, now: Date): SQL[] {
  const conditions = [isListed(now)];
  if (filters.department) conditions.push(eq(jobs.department, filters.department));
  // A region lists the jobs based there and the remote jobs open to people there.
  if (filters.region) conditions.push(arrayContains(jobs.boardRegions, [filters.region]));
  if (filters.type) conditions.push(eq(jobs.type, filters.type));
  // What a job pays in a year, from its hourly or monthly pay too.
  if (filters.salary_min !== undefined) {
    conditions.push(gte(annualPay(jobs.salaryMax, jobs.salaryPeriod), filters.salary_min));
  }
  return conditions;
}

/** Counting stops here for the personal lists and company pages: past it a list says "1,000+". */
export const COUNT_CAP = 1000;
/**
 * The public board's lists (home, departments, regions, types) count this far and page through
 * all of it: MAX_PAGE pages of JOBS_PER_PAGE reach every open job up to here. A page's rows are
 * found on the list index alone before the join (see searchJobs), so even the last page costs
 * one index walk of at most this many entries.
 */
export const BOARD_COUNT_CAP = MAX_PAGE * JOBS_PER_PAGE;
/**
 * A keyword search ranks the newest jobs matching in their title or company, this many unless
 * the page asked for reaches further: a common word on a large board costs a bounded index walk,
 * not a ranking of every match.
 */
export const TITLE_WINDOW = 100;
/** A keyword search ranks at most this many jobs; past it a list says "500+". */
export const KEYWORD_WINDOW = 500;

/** How many rows match, counting no further than `cap`. */
export async function cappedCount(
  db: Database,
  where: SQL | undefined,
  cap: number,
): Promise<number> {
  const matches = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(where)
    .limit(cap + 1)
    .as("matches");
  const [row] = await db.select({ total: count() }).from(matches);
  return row?.total ?? 0;
}

export function pageOf(
  rows: SummaryRow[],
  counted: number,
  cap: number,
  filters: Pick<JobFilters, "page" | "per_page">,
): JobPage {
  const total = Math.min(counted, cap);
  return {
    jobs: rows.map(toSummary),
    total,
    total_is_capped: counted > cap,
    page: filters.page,
    per_page: filters.per_page,
    page_count: Math.max(1, Math.ceil(total / filters.per_page)),
  };
}

/**
 * One page of listed jobs matching the filters: sponsored first, then newest. With a keyword,
 * most relevant first (planSearch: synonyms, typos, the title above the company above the
 * description), the newer first among equals, and sponsored among equal title matches.
 */
export async function searchJobs(
  db: Database,
  filters: JobFilters,
  now: Date = new Date(),
): Promise<JobPage> {
  return searchJobsWith(db, filters, filters.q ? await planSearch(db, filters.q) : null, now);
}

/** searchJobs with the keyword already planned (null: no keyword). */
export async function searchJobsWith(
  db: Database,
  filters: JobFilters,
  plan: SearchPlan | null,
  now: Date,
  /**
   * How many jobs match, when the caller counts them (the filters' counts do): a number, or one
   * to come (undefined if the caller's count cannot say).
   */
  matching?: number | Promise<number | undefined>,
): Promise<JobPage> {
  if (plan) return rankedPage(db, filters, plan, now, matching);
  const where = and(...filterConditions(filters, now));
  const offset = (filters.page - 1) * filters.per_page;
  const order = [desc(jobs.sponsored), desc(jobs.publishedAt), desc(jobs.id)];
  // The page's ids first, skipping `offset` rows on the list index without joining them to
  // their companies; only the page's own rows are then joined.
  const pageIds = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(where)
    .orderBy(...order)
    .limit(filters.per_page)
    .offset(offset)
    .as("page_ids");
  const [rows, counted] = await Promise.all([
    db
      .select(summaryColumns)
      .from(pageIds)
      .innerJoin(jobs, eq(jobs.id, pageIds.id))
      .innerJoin(companies, eq(companies.id, jobs.companyId))
      .orderBy(...order),
    Promise.resolve(matching).then((known) => known ?? cappedCount(db, where, BOARD_COUNT_CAP)),
  ]);
  return pageOf(rows, counted, BOARD_COUNT_CAP, filters);
}

/** How many of the search's terms a job's title names (see SearchPlan.titlePatterns). */
const titleHits = (plan: SearchPlan): SQL =>
  plan.titlePatterns.length === 0
    ? sql`0::int`
    : sql.join(
        // The patterns are lower case: matching the lowered title is cheaper than `~*`.
        plan.titlePatterns.map((pattern) => sql`(lower(${jobs.title}) ~ ${pattern})::int`),
        sql` + `,
      );

/**
 * A keyword search's page of jobs, ranked. Jobs that match in their title or company come
 * first (every job whose title names a term is among them): the newest TITLE_WINDOW of them,
 * or as many as the page reaches, up to KEYWORD_WINDOW. Jobs that match only in their location
 * or description follow, read only when the page reaches past the title matches.
 *
 * Most relevant first: more of the search's terms named in the title; then a sponsored listing
 * among those whose titles match as well as it does (not above better matches, nor when it
 * matches in its description only); then ts_rank weighed down by age (rankWithRecency: a fresh
 * listing above an older one that matches as well); then newest. Each window is ranked in the
 * statement that reads it, which answers only the page's rows (on PGlite, decoding an answer's
 * rows costs more than ranking a few hundred).
 */
async function rankedPage(
  db: Database,
  filters: JobFilters,
  plan: SearchPlan,
  now: Date,
  matching?: number | Promise<number | undefined>,
): Promise<JobPage> {
  // Nothing to search for, or the caller's count found nothing: no query for an empty page.
  if (!plan.query || matching === 0) return pageOf([], 0, KEYWORD_WINDOW, filters);
  const base = filterConditions(filters, now);
  const query = toTsquery(plan.query);
  // Matching in the title or company, and as a whole (a -word counts wherever it is).
  const matches = sql`${jobs.searchVector} @@ ${query}`;
  const inTitleOrCompany = sql`${jobs.titleVector} @@ ${query} and ${matches}`;
  const elsewhere = sql`${matches} and not (${jobs.titleVector} @@ ${query})`;
  /** The newest `limit` jobs meeting `condition`, each scored. */
  const window = (condition: SQL, limit: number) =>
    db
      .select({
        id: jobs.id,
        hits: sql<number>`${titleHits(plan)}`.as("hits"),
        rank: sql<number>`${rankWithRecency(query, now)}`.as("rank"),
        featured: jobs.sponsored,
        published: jobs.publishedAt,
      })
      .from(jobs)
      .where(and(...base, condition))
      .orderBy(desc(jobs.publishedAt))
      .limit(limit)
      .as("scored");
  /** The rows `skip` to `skip + take` of a window by relevance, each with the window's size. */
  const rankedRows = async (condition: SQL, limit: number, skip: number, take: number) => {
    const scored = window(condition, limit);
    const sized = db
      .select({
        id: scored.id,
        hits: scored.hits,
        rank: scored.rank,
        featured: scored.featured,
        published: scored.published,
        size: sql<number>`count(*) over ()`.as("size"),
      })
      .from(scored)
      .as("sized");
    return db
      .select({ ...summaryColumns, size: sql<number>`${sized.size}`.mapWith(Number) })
      .from(sized)
      .innerJoin(jobs, eq(jobs.id, sized.id))
      .innerJoin(companies, eq(companies.id, jobs.companyId))
      .orderBy(
        desc(sized.hits),
        sql`(${sized.hits} > 0 and ${sized.featured}) desc`,
        desc(sized.rank),
        desc(sized.published),
        desc(sized.id),
      )
      .limit(take)
      .offset(skip);
  };
  /** How many jobs a window holds, for a page that lies past all of them. */
  const sizeOf = async (condition: SQL, limit: number) => {
    const [row] = await db.select({ size: count() }).from(window(condition, limit));
    return row?.size ?? 0;
  };

  const offset = (filters.page - 1) * filters.per_page;
  const end = offset + filters.per_page;
  const titleLimit = Math.min(KEYWORD_WINDOW, Math.max(TITLE_WINDOW, end));
  const first = await rankedRows(inTitleOrCompany, titleLimit, offset, filters.per_page);
  const firstSize =
    first[0]?.size ?? (offset === 0 ? 0 : await sizeOf(inTitleOrCompany, titleLimit));
  let rows = first;
  let counted = await matching;
  if (firstSize < end) {
    // The page reaches past the title matches: the description-only ones follow them.
    const limit = KEYWORD_WINDOW + 1 - firstSize;
    const skip = Math.max(0, offset - firstSize);
    const more = await rankedRows(elsewhere, limit, skip, filters.per_page - first.length);
    rows = [...first, ...more];
    counted ??= firstSize + (more[0]?.size ?? (skip === 0 ? 0 : await sizeOf(elsewhere, limit)));
  }
  counted ??= await cappedCount(db, and(...base, matches), KEYWORD_WINDOW);
  return pageOf(
    rows.map(({ size: _size, ...row }) => row),
    counted,
    KEYWORD_WINDOW,
    filters,
  );
}

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
 * Other listed jobs in the same department, those in the same region first, each group in list
 * order (sponsored, then newest). Each group is read along the department's list index and
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
      .orderBy(desc(jobs.sponsored), desc(jobs.publishedAt), desc(jobs.id))
      .limit(count);
  const sameRegion = await group(eq(jobs.region, job.region), limit);
  const others =
    sameRegion.length < limit
      ? await group(ne(jobs.region, job.region), limit - sameRegion.length)
      : [];
  return [...sameRegion, ...others].map(toSummary);
}

type DescribedJob = { id: number; description: string; descriptionHtml: string | null };

/**
 * A job's description as safe HTML: stored when the job was written, or rendered now and
 * stored for next time (rows written before the column existed, and seeded boards). The update
 * only lands if the Markdown is still the one rendered.
 */
export async function descriptionHtmlOf(db: Database, job: DescribedJob): Promise<string> {
  return (await descriptionHtmlOfMany(db, [job])).get(job.id)!;
}

/**
 * The descriptions of many jobs as safe HTML, by job id: those not stored yet are rendered and
 * stored in one statement (a feed's batch of 500 on a seeded board: one update, not 500).
 */
export async function descriptionHtmlOfMany(
  db: Database,
  rows: readonly DescribedJob[],
): Promise<Map<number, string>> {
  const html = new Map<number, string>();
  const rendered: { id: number; description: string; html: string }[] = [];
  for (const row of rows) {
    if (row.descriptionHtml !== null) {
      html.set(row.id, row.descriptionHtml);
      continue;
    }
    const fresh = await renderMarkdown(row.description);
    html.set(row.id, fresh);
    rendered.push({ id: row.id, description: row.description, html: fresh });
  }
  if (rendered.length > 0) {
    const values = sql.join(
      rendered.map((row) => sql`(${row.id}::integer, ${row.description}::text, ${row.html}::text)`),
      sql`, `,
    );
    await db.execute(sql`
      UPDATE ${jobs} SET description_html = rendered.html
      FROM (VALUES ${values}) AS rendered (id, description, html)
      WHERE ${jobs.id} = rendered.id AND ${jobs.description} = rendered.description`);
  }
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
