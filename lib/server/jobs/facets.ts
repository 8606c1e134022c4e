import { sql } from "drizzle-orm";
import { SALARY_FLOORS, type JobFilters } from "@/lib/jobs/filters";
import type { JobFacets } from "@/lib/jobs/types";
import { rowsOf, type Database } from "../db/client";
import { jobs } from "../db/schema";
import { isListed } from "./jobs-service";
import { toTsquery, type SearchPlan } from "./search";

/*
 * The counts beside each filter: for every choice of a filter, how many listed jobs match the
 * search with that choice instead of the current one, the other filters kept (choosing "Design"
 * on a search for "editor" in Remote gives the Design count shown). One plain statement groups
 * the search's matches by everything the filters read (a few hundred groups at most); the
 * counts are added up here, whatever the number of choices.
 */

type FacetName = keyof JobFacets;
type FacetFilters = Omit<JobFilters, "q" | "page" | "per_page">;

/** Matches that share every value a filter reads, and how many they are. */
type Group = {
  department: string;
  type: string;
  regions: string[];
  /** How many salary floors its salary reaches (0: none, or no salary). */
  floors: number;
  /** Whether its salary reaches the salary filter (true without one). */
  meetsSalary: boolean;
  total: number;
};

/** Whether a group passes every filter but `facet`. */
function passesOthers(group: Group, filters: FacetFilters, facet: FacetName): boolean {
  return (
    (facet === "department" || !filters.department || group.department === filters.department) &&
    (facet === "type" || !filters.type || group.type === filters.type) &&
    (facet === "region" || !filters.region || group.regions.includes(filters.region)) &&
    (facet === "salary_min" || group.meetsSalary)
  );
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
  const meetsSalary =
    filters.salary_min === undefined
      ? sql`true`
      : sql`coalesce(${jobs.salaryMax} >= ${filters.salary_min}, false)`;
  const floors = sql.join(
    SALARY_FLOORS.map((floor) => sql`${floor}`),
    sql`, `,
  );
  const result = await db.execute(sql`
    select ${jobs.department} as department, ${jobs.type} as type,
      ${jobs.boardRegions} as regions,
      coalesce(width_bucket(${jobs.salaryMax}, array[${floors}]::int[]), 0) as floors,
      ${meetsSalary} as "meetsSalary",
      count(*)::int as total
    from ${jobs}
    where ${isListed(now)} and ${keyword}
    group by 1, 2, 3, 4, 5`);
  const add = (counts: Record<string, number>, key: string, total: number) => {
    counts[key] = (counts[key] ?? 0) + total;
  };
  for (const row of rowsOf<Group>(result)) {
    const group = { ...row, floors: Number(row.floors), total: Number(row.total) };
    if (passesOthers(group, filters, "department"))
      add(facets.department, group.department, group.total);
    if (passesOthers(group, filters, "type")) add(facets.type, group.type, group.total);
    if (passesOthers(group, filters, "region")) {
      for (const region of group.regions) add(facets.region, region, group.total);
    }
    if (passesOthers(group, filters, "salary_min")) {
      for (const floor of SALARY_FLOORS.slice(0, group.floors)) {
        add(facets.salary_min, String(floor), group.total);
      }
    }
  }
  return facets;
}
