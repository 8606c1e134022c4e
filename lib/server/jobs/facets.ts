import { sql, type SQL } from "drizzle-orm";
import { SALARY_FLOORS, type JobFilters } from "@/lib/jobs/filters";
import type { JobFacets } from "@/lib/jobs/types";
import { rowsOf, type Database } from "../db/client";
import { jobs } from "../db/schema";
import { isListed } from "./jobs-service";
import { toTsquery, type SearchPlan } from "./search";

/*
 * The counts beside each filter: for every choice of a filter, how many listed jobs match the
 * search with that choice instead of the current one, the other filters kept (choosing "Design"
 * on a search for "editor" in Remote gives the Design count shown). All of them come from one
 * statement over the search's matches, whatever the number of choices.
 */

type FacetName = keyof JobFacets;
type FacetFilters = Omit<JobFilters, "q" | "page" | "per_page">;

/** Each filter's condition on the matches' columns, when it is set. */
function conditions(filters: FacetFilters): Partial<Record<FacetName, SQL>> {
  return {
    ...(filters.department ? { department: sql`department = ${filters.department}` } : {}),
    ...(filters.region ? { region: sql`board_regions @> array[${filters.region}]::text[]` } : {}),
    ...(filters.type ? { type: sql`type = ${filters.type}` } : {}),
    ...(filters.salary_min !== undefined
      ? { salary_min: sql`salary_max >= ${filters.salary_min}` }
      : {}),
  };
}

/** The conditions of every filter but `facet`: what its choices are counted under. */
function others(all: Partial<Record<FacetName, SQL>>, facet: FacetName): SQL {
  const kept = Object.entries(all)
    .filter(([name]) => name !== facet)
    .map(([, condition]) => condition);
  return kept.length > 0 ? sql.join(kept, sql` and `) : sql`true`;
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
  const all = conditions(filters);
  const floors = sql.join(
    SALARY_FLOORS.map((floor) => sql`${floor}::int`),
    sql`, `,
  );
  const result = await db.execute(sql`
    with matches as materialized (
      select ${jobs.department} as department, ${jobs.type} as type,
        ${jobs.boardRegions} as board_regions, ${jobs.salaryMax} as salary_max
      from ${jobs}
      where ${isListed(now)} and ${keyword}
    )
    select 'department' as facet, department as value, count(*)::int as total
      from matches where ${others(all, "department")} group by department
    union all
    select 'region', region, count(*)::int
      from matches cross join unnest(board_regions) as region
      where ${others(all, "region")} group by region
    union all
    select 'type', type, count(*)::int from matches where ${others(all, "type")} group by type
    union all
    select 'salary_min', floor::text, count(*)::int
      from matches cross join unnest(array[${floors}]) as floor
      where salary_max >= floor and ${others(all, "salary_min")} group by floor`);
  for (const row of rowsOf<{ facet: FacetName; value: string; total: number }>(result)) {
    facets[row.facet][row.value] = Number(row.total);
  }
  return facets;
}
