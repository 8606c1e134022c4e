import { sql, type SQL } from "drizzle-orm";
import { SALARY_FLOORS, type JobFilters } from "@/lib/jobs/filters";
import type { JobFacets } from "@/lib/jobs/types";
import { DEPARTMENTS, JOB_TYPES, REGIONS } from "@/lib/taxonomy";
import { rowsOf, type Database } from "../db/client";
import { jobs } from "../db/schema";
import { annualPay } from "../salaries/annual-pay";
import { isListed } from "./jobs-service";
import { toTsquery, type SearchPlan } from "./search";

/*
 * The counts beside each filter: for every choice of a filter, how many listed jobs match the
 * search with that choice instead of the current one, the other filters kept (choosing "Design"
 * on a search for "editor" in Remote gives the Design count shown). One plain statement reads
 * the search's matches once and answers a single row: one filtered count per choice (some
 * thirty), whatever the number of matches. Returning a row, not the matches' groups, keeps what
 * crosses from the database small: on PGlite, decoding the rows of an answer is most of a
 * search's cost.
 */

type FacetName = keyof JobFacets;
type FacetFilters = Omit<JobFilters, "q" | "page" | "per_page">;

/*
 * The filters' tests name the columns without their table: they are read from the jobs table
 * itself, or from the rows of a search's first matches (below).
 */
const department = sql.identifier("department");
const type = sql.identifier("type");
const boardRegions = sql.identifier("board_regions");
const salaryMax = sql.identifier("salary_max");
const salaryPeriod = sql.identifier("salary_period");
/** What a job pays in a year at most, from its hourly or monthly pay too. */
const yearlyMax = annualPay(sql`${salaryMax}`, sql`${salaryPeriod}`);

/** Each filter's choices, and what a job needs to be counted under one. */
const CHOICES: { facet: FacetName; key: string; test: SQL }[] = [
  ...DEPARTMENTS.map(({ slug }) => ({
    facet: "department" as const,
    key: slug,
    test: sql`${department} = ${slug}`,
  })),
  ...REGIONS.map(({ slug }) => ({
    facet: "region" as const,
    key: slug,
    test: sql`${slug} = any(${boardRegions})`,
  })),
  ...JOB_TYPES.map(({ slug }) => ({
    facet: "type" as const,
    key: slug,
    test: sql`${type} = ${slug}`,
  })),
  ...SALARY_FLOORS.map((floor) => ({
    facet: "salary_min" as const,
    key: String(floor),
    test: sql`${yearlyMax} >= ${floor}`,
  })),
];

/**
 * The filters set, but `facet`'s own: what a choice of `facet` is counted with ("q": every
 * filter set).
 */
function otherFilters(filters: FacetFilters, facet: FacetName | "q"): SQL[] {
  const others: SQL[] = [];
  if (facet !== "department" && filters.department) {
    others.push(sql`${department} = ${filters.department}`);
  }
  if (facet !== "region" && filters.region) {
    others.push(sql`${filters.region} = any(${boardRegions})`);
  }
  if (facet !== "type" && filters.type) others.push(sql`${type} = ${filters.type}`);
  if (facet !== "salary_min" && filters.salary_min !== undefined) {
    others.push(sql`${yearlyMax} >= ${filters.salary_min}`);
  }
  return others;
}

/**
 * A search counts its matches one by one up to this many; past it, the counts are estimates
 * (FacetCounts.approximate): counting every match of a common word costs time in proportion to
 * the board's size (some 50 ms for 15,000 matches), while a search should take milliseconds at
 * any size.
 */
export const EXACT_FACET_MATCHES = 1_000;

export type FacetCounts = {
  facets: JobFacets;
  /**
   * Whether the counts are estimates: the search matched more than EXACT_FACET_MATCHES jobs, so
   * the counts of its first matches were scaled to the planner's estimate of all of them.
   */
  approximate: boolean;
  /**
   * How many of the counted jobs meet every filter: how many jobs match the search and filters
   * when the counts are exact, and a lower bound of it when they are estimates.
   */
  matching: number;
};

/**
 * Counts every filter's choices for a search (its plan) and filters, in one statement; with a
 * keyword that matches more than `exactUpTo` jobs, estimates them (see FacetCounts).
 */
export async function countFacets(
  db: Database,
  filters: FacetFilters,
  plan: SearchPlan | null,
  now: Date = new Date(),
  { exactUpTo = EXACT_FACET_MATCHES }: { exactUpTo?: number } = {},
): Promise<FacetCounts> {
  const facets: JobFacets = { department: {}, region: {}, type: {}, salary_min: {} };
  if (plan && !plan.query) return { facets, approximate: false, matching: 0 };
  const keyword = plan?.query ? sql`${jobs.searchVector} @@ ${toTsquery(plan.query)}` : sql`true`;
  const matching = sql`${isListed(now)} and ${keyword}`;
  const counts = CHOICES.map(
    ({ facet, test }, index) =>
      sql`count(*) filter (where ${sql.join([test, ...otherFilters(filters, facet)], sql` and `)})::int as ${sql.identifier(`c${index}`)}`,
  );
  // A keyword's first matches (in the table's order), one more than are counted exactly; the
  // lists without a keyword count every job (each process keeps those a minute: job-search.ts).
  const rows = plan
    ? sql`(select ${department}, ${type}, ${boardRegions}, ${salaryMax}, ${salaryPeriod} from ${jobs}
        where ${matching} limit ${exactUpTo + 1}) as first_matches`
    : sql`${jobs} where ${matching}`;
  const everyFilter = otherFilters(filters, "q");
  const result = await db.execute(sql`
    select count(*)::int as matches, ${sql.join(counts, sql`, `)},
      count(*) filter (where ${everyFilter.length > 0 ? sql.join(everyFilter, sql` and `) : sql`true`})::int as matching
    from ${rows}`);
  const [row] = rowsOf<Record<string, number>>(result);
  const counted = Number(row?.matches ?? 0);
  const approximate = counted > exactUpTo;
  // Past the exact limit: each count scaled from the first matches to the estimate of them all.
  const scale = approximate ? Math.max(counted, await estimatedRows(db, matching)) / counted : 1;
  CHOICES.forEach(({ facet, key }, index) => {
    const total = Math.round(Number(row?.[`c${index}`] ?? 0) * scale);
    // A choice no job would give is left out, as the API has always answered.
    if (total > 0) facets[facet][key] = total;
  });
  return { facets, approximate, matching: Number(row?.matching ?? 0) };
}

/** The planner's estimate of how many jobs meet `where` (its statistics; no row is read). */
async function estimatedRows(db: Database, where: SQL): Promise<number> {
  const result = await db.execute(sql`explain (format json) select 1 from ${jobs} where ${where}`);
  const [row] = rowsOf<{ "QUERY PLAN": unknown }>(result);
  const plan = row?.["QUERY PLAN"];
  const parsed = (typeof plan === "string" ? JSON.parse(plan) : plan) as [
    { Plan: { "Plan Rows": number } },
  ];
  return Number(parsed[0]?.Plan["Plan Rows"] ?? 0);
}
