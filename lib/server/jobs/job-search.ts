import type { JobFilters } from "@/lib/jobs/filters";
import type { JobSearchPage } from "@/lib/jobs/types";
import { runsConcurrently, type Database } from "../db/client";
import { onPurge } from "../http/page-cache";
import { countFacets, type FacetCounts } from "./facets";
import { KEYWORD_WINDOW, searchJobsWith } from "./jobs-service";
import { planSearch, suggestSpelling, type SearchPlan } from "./search";

/*
 * A search of the board as its pages and /api/jobs answer it: the page of jobs (jobs-service),
 * the counts beside each filter (facets.ts), the respelling used, and "did you mean" when
 * nothing matched.
 */

/**
 * Counts without a keyword are the same for every visitor of a list: each set of filters is
 * counted at most once a minute per process (the lists' own shared-cache lifetime), and a purge
 * of any page (a job published, changed or gone, in any process) drops them all. The list's own
 * total is the kept count of the jobs meeting every filter, so that the home page's open roles
 * (its counts per department, and its social card: the counts without filters) and its list say
 * the same number.
 */
const FACETS_LIFETIME_MS = 60_000;
// Held on globalThis: the pages and the API routes are separate bundles, each with its own copy
// of this module, and a purge from an API route must reach the copy the pages use.
const FACETS = Symbol.for("creator-jobs.list-facets");
type Counted = { countedAt: number; facets: Promise<FacetCounts> };
const store = globalThis as typeof globalThis & { [FACETS]?: Map<string, Counted> };

type ListFilters = Pick<JobFilters, "department" | "region" | "type" | "salary_min">;

/** The counts beside each filter of a list without a keyword, and its total (kept, see above). */
export function listFacets(
  db: Database,
  filters: ListFilters,
  now: Date = new Date(),
): Promise<FacetCounts> {
  const counted = (store[FACETS] ??= new Map());
  const key = JSON.stringify([
    filters.department,
    filters.region,
    filters.type,
    filters.salary_min,
  ]);
  const held = counted.get(key);
  if (held && now.getTime() - held.countedAt <= FACETS_LIFETIME_MS) return held.facets;
  const facets = countFacets(db, filters, null, now);
  counted.set(key, { countedAt: now.getTime(), facets });
  // A failed count is not kept: the next search asks again.
  facets.catch(() => {
    if (counted.get(key)?.facets === facets) counted.delete(key);
  });
  return facets;
}

/** Drops the kept counts: the next list counts afresh. */
export function forgetListFacets(): void {
  store[FACETS]?.clear();
}

onPurge(forgetListFacets);

/** The respelling to suggest for a search that found nothing, if it finds something. */
async function suggestion(
  db: Database,
  filters: JobFilters,
  q: string,
  now: Date,
): Promise<string | null> {
  const respelled = await suggestSpelling(db, q);
  if (!respelled) return null;
  const found = await searchJobsWith(
    db,
    { ...filters, q: respelled, page: 1, per_page: 1 },
    await planSearch(db, respelled),
    now,
  );
  return found.total > 0 ? respelled : null;
}

/** One page of a search of the board, with its filters' counts. */
export async function searchJobBoard(
  db: Database,
  filters: JobFilters,
  now: Date = new Date(),
): Promise<JobSearchPage> {
  const plan: SearchPlan | null = filters.q ? await planSearch(db, filters.q) : null;
  if (!plan) {
    const counted = listFacets(db, filters, now);
    const [page, { facets }] = await Promise.all([
      searchJobsWith(
        db,
        filters,
        null,
        now,
        // The failure is the counts' own, reported by Promise.all; the page then counts its own.
        counted.then(
          ({ matching }) => matching,
          () => undefined,
        ),
      ),
      counted,
    ]);
    return {
      ...page,
      corrected_q: null,
      suggested_q: null,
      facets,
      facets_approximate: false,
    };
  }
  // The page needs the counts only to know its total, which exact counts give, as do estimates
  // whose counted jobs alone are more than a search lists; otherwise the page counts its own
  // total, exactly as far as it lists. On PostgreSQL both are read at once (two connections).
  // On PGlite, where statements take turns, the counts come first: when they find nothing, the
  // page is empty without a query.
  const counting = countFacets(db, filters, plan, now);
  const known = counting.then(
    ({ approximate, matching }) =>
      !approximate || matching > KEYWORD_WINDOW ? matching : undefined,
    () => undefined, // the failure is the counts' own, reported by Promise.all below
  );
  const [{ facets, approximate }, page] = await Promise.all([
    counting,
    runsConcurrently(db)
      ? searchJobsWith(db, filters, plan, now, known)
      : known.then((matching) => searchJobsWith(db, filters, plan, now, matching)),
  ]);
  const suggested =
    page.total === 0 && filters.q ? await suggestion(db, filters, filters.q, now) : null;
  return {
    ...page,
    corrected_q: plan.correctedText,
    suggested_q: suggested,
    facets,
    facets_approximate: approximate,
  };
}
