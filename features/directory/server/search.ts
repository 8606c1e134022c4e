import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { DEPARTMENTS, JOB_TYPES, REGIONS } from "@/lib/taxonomy";
import {
  DIRECTORY_PER_PAGE,
  INVITATIONS_PER_DAY,
  PROFILE_VIEWS_PER_DAY,
} from "@/features/directory/directory";
import type { DirectoryFilters, directoryPageSchema } from "@/features/directory/directory-schemas";
import { rowsOf, type Database } from "@/lib/server/db/client";
import { preferences, profileSearchTerms, users } from "@/lib/server/db/schema";
import type { RateLimit } from "@/lib/server/http/rate-limit";
import { planSearch, toTsquery, type SearchPlan } from "@/features/jobs/server/search-plan";
import { assertCompanyHasHired, findableBy } from "./access";
import { allowanceOf, seeCandidates } from "./allowances";
import { cardColumns, daysBefore, toCard } from "./cards";

/*
 * The employers' candidate search (issue 47): the board's keyword search (search-plan.ts: words,
 * synonyms, typos corrected from the directory's own vocabulary) over the profiles the company
 * may find (access.ts), with filters, the counts beside each filter, and pages. A candidate on a
 * page counts as seen, as an opened profile does (issue 60): the directory yields a company at
 * most its day's allowance of candidates, however it pages (allowances.ts seeCandidates).
 *
 * Profiles match on `users.profile_vector` (migration 0031: headline and skills A, name B,
 * location C, bio D) and are ranked by ts_rank, a little higher when open to work or active
 * this month; without a keyword, open to work first, then the most recently active.
 */

export type DirectoryPage = z.input<typeof directoryPageSchema>;

/**
 * Searches a person may run (one a few seconds is far above what a person clicking through
 * filters and pages does): what a search shows is counted against the day's allowance, and
 * this bounds the work of searches that show nothing new.
 */
export const DIRECTORY_SEARCH_LIMIT: RateLimit = {
  name: "directory-search",
  points: 120,
  seconds: 10 * 60,
  message: "Too many candidate searches from your account. Try again in a few minutes.",
};

/** ts_rank's weights for D, C, B and A, as the job search's. */
const RANK_WEIGHTS = sql.raw(`'{0.05, 0.2, 0.4, 1.0}'::float4[]`);
/** A mild lift, so that among profiles matching about as well the available come first. */
const OPEN_TO_WORK_BOOST = 1.25;
const ACTIVE_BOOST = 1.1;
const ACTIVE_BOOST_DAYS = 30;

type FacetName = "department" | "region" | "type";
type FacetFilters = Pick<DirectoryFilters, FacetName | "pay" | "active">;

/** A candidate looking in `region`; someone who wants remote work only is looking in remote. */
const inRegion = (region: string): SQL =>
  region === "remote"
    ? sql`(${region} = any(${preferences.regions}) or ${preferences.remoteOnly} is true)`
    : sql`${region} = any(${preferences.regions})`;

/** Each filter's choices, and what a candidate needs to be counted under one. */
const CHOICES: { facet: FacetName; key: string; test: SQL }[] = [
  ...DEPARTMENTS.map(({ slug }) => ({
    facet: "department" as const,
    key: slug,
    test: sql`${slug} = any(${preferences.departments})`,
  })),
  ...REGIONS.map(({ slug }) => ({ facet: "region" as const, key: slug, test: inRegion(slug) })),
  ...JOB_TYPES.map(({ slug }) => ({
    facet: "type" as const,
    key: slug,
    test: sql`${slug} = any(${preferences.types})`,
  })),
];

/** The filters set, but `facet`'s own ("all": every one). */
function filterConditions(filters: FacetFilters, facet: FacetName | "all", now: Date): SQL[] {
  const conditions: SQL[] = [];
  if (facet !== "department" && filters.department) {
    conditions.push(sql`${filters.department} = any(${preferences.departments})`);
  }
  if (facet !== "region" && filters.region) conditions.push(inRegion(filters.region));
  if (facet !== "type" && filters.type) {
    conditions.push(sql`${filters.type} = any(${preferences.types})`);
  }
  // What the employer pays covers what the candidate asks, or they named nothing.
  if (filters.pay !== undefined) {
    conditions.push(
      sql`(${preferences.salaryMin} is null or ${preferences.salaryMin} <= ${filters.pay})`,
    );
  }
  if (filters.active) {
    conditions.push(sql`${users.lastActiveAt} >= ${daysBefore(now, filters.active)}`);
  }
  return conditions;
}

const allOf = (conditions: SQL[]): SQL =>
  conditions.length > 0 ? sql.join(conditions, sql` and `) : sql`true`;

/** How well a profile matches: ts_rank, lifted a little for open to work and recently active. */
const score = (query: SQL, now: Date): SQL =>
  sql`ts_rank(${RANK_WEIGHTS}, ${users.profileVector}, ${query})
    * (case when ${users.openToWork} then ${OPEN_TO_WORK_BOOST}::float8 else 1 end)
    * (case when ${users.lastActiveAt} >= ${daysBefore(now, ACTIVE_BOOST_DAYS)}
        then ${ACTIVE_BOOST}::float8 else 1 end)`;

/**
 * The counts beside each filter, and the total meeting every filter, in one statement over the
 * search's matches: one `count(*) filter (where …)` per choice, each with the other filters
 * kept and its own left out (as the job search counts, features/jobs/server/job-search.ts).
 */
async function countMatches(
  db: Database,
  matching: SQL,
  filters: FacetFilters,
  now: Date,
): Promise<{ total: number; facets: DirectoryPage["facets"] }> {
  const counts = CHOICES.map(
    ({ facet, test }, index) =>
      sql`count(*) filter (where ${allOf([test, ...filterConditions(filters, facet, now)])})::int as ${sql.identifier(`c${index}`)}`,
  );
  const [row] = rowsOf<Record<string, number>>(
    await db.execute(sql`
      select count(*) filter (where ${allOf(filterConditions(filters, "all", now))})::int as total,
        ${sql.join(counts, sql`, `)}
      from ${users} left join ${preferences} on ${preferences.userId} = ${users.id}
      where ${matching}`),
  );
  const facets: DirectoryPage["facets"] = { department: {}, region: {}, type: {} };
  CHOICES.forEach(({ facet, key }, index) => {
    const count = Number(row?.[`c${index}`] ?? 0);
    // A choice no candidate would give is left out, as the job search's counts are.
    if (count > 0) facets[facet][key] = count;
  });
  return { total: Number(row?.total ?? 0), facets };
}

/**
 * A page of the candidates `companyId` may find that match `filters`, with the counts beside
 * each filter and the company's allowances today. 403 until the company has had a listing live.
 */
export async function searchDirectory(
  db: Database,
  companyId: number,
  filters: DirectoryFilters,
  now: Date = new Date(),
): Promise<DirectoryPage> {
  await assertCompanyHasHired(db, companyId);
  const plan: SearchPlan | null = filters.q
    ? await planSearch(db, filters.q, profileSearchTerms)
    : null;
  const quotas = async () => ({
    views: await allowanceOf(db, companyId, "profile_views", PROFILE_VIEWS_PER_DAY, now),
    invitations: await allowanceOf(db, companyId, "invitations", INVITATIONS_PER_DAY, now),
  });
  const empty = { department: {}, region: {}, type: {} };
  // A search of nothing but excluded words and stop characters matches nobody.
  if (plan && !plan.query) {
    return {
      profiles: [],
      total: 0,
      page: filters.page,
      page_count: 1,
      corrected_q: plan.correctedText,
      facets: empty,
      withheld: 0,
      ...(await quotas()),
    };
  }
  const query = plan?.query ? toTsquery(plan.query) : null;
  const matching = and(
    findableBy(companyId),
    query ? sql`${users.profileVector} @@ ${query}` : undefined,
  )!;
  const { total, facets } = await countMatches(db, matching, filters, now);
  const offset = (filters.page - 1) * DIRECTORY_PER_PAGE;
  const pageRows = (tx: Database) =>
    tx
      .select(cardColumns(companyId, now))
      .from(users)
      .leftJoin(preferences, eq(preferences.userId, users.id))
      .where(and(matching, ...filterConditions(filters, "all", now)))
      .orderBy(
        ...(query ? [desc(score(query, now))] : []),
        desc(users.openToWork),
        desc(users.lastActiveAt),
        desc(users.id),
      )
      .limit(DIRECTORY_PER_PAGE)
      .offset(offset);
  // The page's candidates are seen as they are shown: each new one today takes one of the day's
  // places, and those past the allowance are withheld (issue 60).
  const { rows, withheld, views } = await db.transaction(async (tx) => {
    const found = total > offset ? await pageRows(tx) : [];
    const sighting = await seeCandidates(
      tx,
      companyId,
      found.map((row) => row.id),
      now,
    );
    return {
      rows: found.filter((row) => sighting.shown.has(row.id)),
      withheld: sighting.withheld,
      views: sighting.views,
    };
  });
  return {
    profiles: rows.map(toCard),
    total,
    page: filters.page,
    page_count: Math.max(1, Math.ceil(total / DIRECTORY_PER_PAGE)),
    corrected_q: plan?.correctedText ?? null,
    facets,
    withheld,
    views,
    invitations: await allowanceOf(db, companyId, "invitations", INVITATIONS_PER_DAY, now),
  };
}
