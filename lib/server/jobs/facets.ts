import { sql, type SQL } from "drizzle-orm";
import { SALARY_FLOORS, type JobFilters } from "@/lib/jobs/filters";
import type { JobFacets } from "@/lib/jobs/types";
import { DEPARTMENTS, JOB_TYPES, REGIONS } from "@/lib/taxonomy";
import { rowsOf, type Database } from "../db/client";
import { jobs } from "../db/schema";
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

/** Each filter's choices, and what a job needs to be counted under one. */
const CHOICES: { facet: FacetName; key: string; test: SQL }[] = [
  ...DEPARTMENTS.map(({ slug }) => ({
    facet: "department" as const,
    key: slug,
    test: sql`${jobs.department} = ${slug}`,
  })),
  ...REGIONS.map(({ slug }) => ({
    facet: "region" as const,
    key: slug,
    test: sql`${slug} = any(${jobs.boardRegions})`,
  })),
  ...JOB_TYPES.map(({ slug }) => ({
    facet: "type" as const,
    key: slug,
    test: sql`${jobs.type} = ${slug}`,
  })),
  ...SALARY_FLOORS.map((floor) => ({
    facet: "salary_min" as const,
    key: String(floor),
    test: sql`${jobs.salaryMax} >= ${floor}`,
  })),
];

/** The filters set, but `facet`'s own: what a choice of `facet` is counted with. */
function otherFilters(filters: FacetFilters, facet: FacetName): SQL[] {
  const others: SQL[] = [];
  if (facet !== "department" && filters.department) {
    others.push(sql`${jobs.department} = ${filters.department}`);
  }
  if (facet !== "region" && filters.region) {
    others.push(sql`${filters.region} = any(${jobs.boardRegions})`);
  }
  if (facet !== "type" && filters.type) others.push(sql`${jobs.type} = ${filters.type}`);
  if (facet !== "salary_min" && filters.salary_min !== undefined) {
    others.push(sql`${jobs.salaryMax} >= ${filters.salary_min}`);
  }
  return others;
}

/** Counts every filter's choices for a search (its plan) and filters, in one statement. */
export async function countFacets(
  db: Database,
  filters: FacetFilters,
  plan: SearchPlan | null,
  now: Date = new Date(),
): Promise<JobFacets> {
  const facets: JobFacets = { department: {}, region: {}, type: {}, salary_min: {} };
  if (plan && !plan.query) return facets;
  const keyword = plan?.query ? sql`${jobs.searchVector} @@ ${toTsquery(plan.query)}` : sql`true`;
  const counts = CHOICES.map(
    ({ facet, test }, index) =>
      sql`count(*) filter (where ${sql.join([test, ...otherFilters(filters, facet)], sql` and `)})::int as ${sql.identifier(`c${index}`)}`,
  );
  const result = await db.execute(sql`
    select ${sql.join(counts, sql`, `)}
    from ${jobs}
    where ${isListed(now)} and ${keyword}`);
  const [row] = rowsOf<Record<string, number>>(result);
  CHOICES.forEach(({ facet, key }, index) => {
    const total = Number(row?.[`c${index}`] ?? 0);
    // A choice no job would give is left out, as the API has always answered.
    if (total > 0) facets[facet][key] = total;
  });
  return facets;
}
