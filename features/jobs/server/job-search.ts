import { and, arrayContains, count, desc, eq, gt, gte, sql, type SQL } from "drizzle-orm";
import { JOBS_PER_PAGE, MAX_PAGE, SALARY_FLOORS, type JobFilters } from "@/features/jobs/filters";
import type { JobFacets, JobPage, JobSearchPage } from "@/features/jobs/types";
import { DEPARTMENTS, JOB_TYPES, REGIONS } from "@/lib/taxonomy";
import { rowsOf, runsConcurrently, type Database } from "@/lib/server/db/client";
import { companies, jobSearchRows, jobs, jobTitleRows } from "@/lib/server/db/schema";
import { onPurge } from "@/lib/server/http/page-cache";
import { annualPay } from "@/features/jobs/server/annual-pay";
import { isListed, summaryColumns, toSummary, type SummaryRow } from "./jobs";
import { planSearch, rankWithRecency, toTsquery, type SearchPlan } from "./search-plan";
import { findSlots, notSlotted, slotRows } from "./sponsored-slots";
import { restWindow } from "@/features/jobs/ranking";

/*
 * A search of the board, in one place: what /api/jobs, the board's pages, the saved searches'
 * alerts and the social cards answer. The keyword is planned once (search-plan.ts: its words,
 * synonyms and corrections, and the respelling to suggest); then, read here, the counts beside
 * each filter, the page of jobs (a few sponsored slots on top, features/jobs/ranking.ts, then ranked
 * by relevance with a keyword, newest without), and "did you mean" when nothing matched. The personal lists and company pages page
 * their jobs with the same counting (cappedCount, pageOf).
 */

/** The filters other than the keyword and the page: what the conditions and the counts read. */
type FacetFilters = Omit<JobFilters, "q" | "page" | "per_page">;

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
  // total, exactly as far as it lists.
  const counting = countFacets(db, filters, plan, now);
  const known = counting.then(
    ({ approximate, matching }) =>
      !approximate || matching > KEYWORD_WINDOW ? matching : undefined,
    () => undefined, // the failure is the counts' own, reported by Promise.all below
  );
  const [{ facets, approximate }, page] = await Promise.all([
    counting,
    (await countsFirst(db))
      ? known.then((matching) => searchJobsWith(db, filters, plan, now, matching))
      : searchJobsWith(db, filters, plan, now, known),
  ]);
  const suggested =
    page.total === 0 ? await suggestion(db, filters, plan.suggestedText, now) : null;
  return {
    ...page,
    corrected_q: plan.correctedText,
    suggested_q: suggested,
    facets,
    facets_approximate: approximate,
  };
}

/**
 * The respelling to suggest for a search that found nothing (SearchPlan.suggestedText), if it
 * finds something.
 */
async function suggestion(
  db: Database,
  filters: JobFilters,
  suggested: string | null,
  now: Date,
): Promise<string | null> {
  if (!suggested) return null;
  const found = await searchJobsWith(
    db,
    { ...filters, q: suggested, page: 1, per_page: 1 },
    await planSearch(db, suggested),
    now,
  );
  return found.total > 0 ? suggested : null;
}

/** The jobs table, or one of its copies of the open jobs (schema: jobSearchRows, jobTitleRows). */
type JobRows = typeof jobs | typeof jobSearchRows | typeof jobTitleRows;

/** A row is a listed job: in jobs, open and not expired; in a copy (open jobs only), not expired. */
const listedIn = (table: JobRows, now: Date): SQL =>
  table === jobs ? isListed(now) : gt(table.expiresAt, now);

/**
 * The conditions of the filters other than the keyword (see planSearch for that), on the jobs
 * table or on one of its copies of the open jobs.
 */
function filterConditions(filters: FacetFilters, now: Date, table: JobRows = jobs): SQL[] {
  const conditions = [listedIn(table, now)];
  if (filters.department) conditions.push(eq(table.department, filters.department));
  // A region lists the jobs based there and the remote jobs open to people there.
  if (filters.region) conditions.push(arrayContains(table.boardRegions, [filters.region]));
  if (filters.type) conditions.push(eq(table.type, filters.type));
  // What a job pays in a year, from its hourly or monthly pay too.
  if (filters.salary_min !== undefined) {
    conditions.push(gte(annualPay(table.salaryMax, table.salaryPeriod), filters.salary_min));
  }
  return conditions;
}

/** A keyword's matches among the open jobs' search rows (schema: jobSearchRows). */
const matchesKeyword = (query: string): SQL =>
  sql`${jobSearchRows.searchVector} @@ ${toTsquery(query)}`;

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

/** How many rows of jobs (or of `table`) match, counting no further than `cap`. */
export async function cappedCount(
  db: Database,
  where: SQL | undefined,
  cap: number,
  table: JobRows = jobs,
): Promise<number> {
  const matches = db
    .select({ one: sql`1`.as("one") })
    .from(table)
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
 * One page of listed jobs matching the filters: the first page opens with the hour's sponsored
 * slots (at most SPONSORED_SLOTS, rotating among the matching sponsored listings: see
 * features/jobs/ranking.ts), then the others newest first, sponsored or not; later pages go on with
 * the others and never repeat a slotted job. With a keyword, the others are the most relevant
 * first (planSearch: synonyms, typos, the title above the company above the description), the
 * newer first among equals.
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
  const counting = Promise.resolve(matching).then(
    (known) => known ?? cappedCount(db, where, BOARD_COUNT_CAP),
  );
  const slots = await findSlots(db, where, filters.per_page, now);
  const { offset, limit } = restWindow(filters.page, filters.per_page, slots.ids.length);
  const order = [desc(jobs.publishedAt), desc(jobs.id)];
  // The page's ids first, skipping `offset` rows on the list index without joining them to
  // their companies; only the page's own rows are then joined.
  const pageIds = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(where, notSlotted(slots)))
    .orderBy(...order)
    .limit(limit)
    .offset(offset)
    .as("page_ids");
  const [slotted, rows, counted] = await Promise.all([
    filters.page === 1 ? slotRows(db, slots) : [],
    db
      .select(summaryColumns)
      .from(pageIds)
      .innerJoin(jobs, eq(jobs.id, pageIds.id))
      .innerJoin(companies, eq(companies.id, jobs.companyId))
      .orderBy(...order),
    counting,
  ]);
  return pageOf([...slotted, ...rows], counted, BOARD_COUNT_CAP, filters);
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
 * The first page opens with the hour's sponsored slots among the matching jobs (findSlots); the
 * rest leave them out. Most relevant first: more of the search's terms named in the title; then
 * ts_rank weighed down by age (rankWithRecency: a fresh listing above an older one that matches
 * as well); then newest. A sponsored listing outside the slots has no boost. Each window is ranked in the
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
  const slots = await findSlots(db, and(...base, matches), filters.per_page, now);
  const others = [...base, notSlotted(slots)];

  /**
   * Which jobs a window holds: the newest `limit` meeting a condition, as a condition on jobs.
   * With `walk`, found among the newest `walk` jobs meeting the filters, in the list index's
   * order (see walkLength): exactly the same jobs when that many are found there.
   */
  type Finder = (limit: number, walk?: number) => SQL;
  /** The jobs meeting `condition`, found in jobs. */
  const amongJobs =
    (condition: SQL): Finder =>
    (limit, walk) =>
      walk
        ? sql`${jobs.id} in (select id from (select ${jobs.id}, ${jobs.publishedAt},
            ${condition} as hit from ${jobs} where ${and(...others)}
            order by ${jobs.publishedAt} desc limit ${walk}) as newest
            where hit order by published_at desc limit ${limit})`
        : and(...others, condition)!;
  /**
   * The jobs whose title or company match, found among the open jobs' title rows (schema:
   * jobTitleRows), whose small rows the database keeps in memory where a million jobs' are not.
   */
  const amongTitles: Finder = (limit, walk) => {
    const t = jobTitleRows;
    const where = and(...filterConditions(filters, now, t), notSlotted(slots, t.jobId));
    const hit = sql`${t.titleVector} @@ ${query}`;
    return walk
      ? sql`${jobs.id} in (select job_id from (select ${t.jobId}, ${t.publishedAt}, ${hit} as hit
          from ${t} where ${where} order by ${t.publishedAt} desc limit ${walk}) as newest
          where hit order by published_at desc limit ${limit})`
      : sql`${jobs.id} in (select ${t.jobId} from ${t} where ${and(where, hit)}
          order by ${t.publishedAt} desc limit ${limit})`;
  };
  /** The newest `limit` jobs `find` finds, each scored. */
  const window = (find: Finder, limit: number, walk?: number) =>
    db
      .select({
        id: jobs.id,
        hits: sql<number>`${titleHits(plan)}`.as("hits"),
        rank: sql<number>`${rankWithRecency(query, now)}`.as("rank"),
        published: jobs.publishedAt,
      })
      .from(jobs)
      .where(find(limit, walk))
      .orderBy(desc(jobs.publishedAt))
      .limit(limit)
      .as("scored");
  // A title match is a whole match unless words are left out: only then is the whole text read
  // too. That second look unpacks a 1.4 kB search_vector for every title match, and made the
  // planner combine the whole-text index with the title's: on 150,000 jobs the title window of
  // "editor" took 129–212 ms with it and 22–25 ms without (docs/performance.md).
  // Without left-out words, the title matches are found among the open jobs' title rows.
  const inTitleOrCompany = plan.excludes
    ? amongJobs(sql`${jobs.titleVector} @@ ${query} and ${matches}`)
    : amongTitles;
  const elsewhere = amongJobs(sql`${matches} and not (${jobs.titleVector} @@ ${query})`);
  /** The rows `skip` to `skip + take` of a window by relevance, each with the window's size. */
  const rankedRows = async (
    find: Finder,
    limit: number,
    skip: number,
    take: number,
    walk?: number,
  ) => {
    const scored = window(find, limit, walk);
    const sized = db
      .select({
        id: scored.id,
        hits: scored.hits,
        rank: scored.rank,
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
      .orderBy(desc(sized.hits), desc(sized.rank), desc(sized.published), desc(sized.id))
      .limit(take)
      .offset(skip);
  };
  /** How many jobs a window holds, for a page that lies past all of them. */
  const sizeOf = async (find: Finder, limit: number) => {
    const [row] = await db.select({ size: count() }).from(window(find, limit));
    return row?.size ?? 0;
  };

  const slotted = slots.ids.length;
  const { offset, limit: take } = restWindow(filters.page, filters.per_page, slotted);
  const end = offset + take;
  const titleLimit = Math.min(KEYWORD_WINDOW, Math.max(TITLE_WINDOW, end));
  // On a large board, the title window walks the newest listings first (see titleWalk).
  const first = await titleWalk(db, titleLimit, (walk) =>
    rankedRows(inTitleOrCompany, titleLimit, offset, take, walk),
  );
  const firstSize =
    first[0]?.size ?? (offset === 0 ? 0 : await sizeOf(inTitleOrCompany, titleLimit));
  let rows = first;
  let counted = await matching;
  if (firstSize < end) {
    // The page reaches past the title matches: the description-only ones follow them.
    const limit = KEYWORD_WINDOW + 1 - slotted - firstSize;
    const skip = Math.max(0, offset - firstSize);
    const more = await rankedRows(elsewhere, limit, skip, take - first.length);
    rows = [...first, ...more];
    counted ??=
      slotted + firstSize + (more[0]?.size ?? (skip === 0 ? 0 : await sizeOf(elsewhere, limit)));
  }
  counted ??= await cappedCount(
    db,
    and(...filterConditions(filters, now, jobSearchRows), matchesKeyword(plan.query)),
    KEYWORD_WINDOW,
    jobSearchRows,
  );
  const top = filters.page === 1 ? await slotRows(db, slots) : [];
  return pageOf(
    [...top, ...rows.map(({ size: _size, ...row }) => row)],
    counted,
    KEYWORD_WINDOW,
    filters,
  );
}

/**
 * A board of at least this many jobs (the planner's own count, pg_class.reltuples) finds a
 * keyword's title window by walking the newest listings (rankedPage), not through the title
 * index: on a million jobs, the index's 34,000 titles naming "editor" were each read from the
 * table to find the newest 100 (700 ms cold, 280 ms warm, in Design), where the walk read 309
 * listings (10 ms). PostgreSQL's planner would walk if it knew how many of the department's
 * jobs name the word, but it takes a word and a department to be unrelated and expected 889.
 * On a smaller board, reading every title match costs less than the walk.
 */
export const WALK_FROM_JOBS = 50_000;
/** How many of the newest listings a walk reads per job of the window: a word in 1 in 20. */
export const WALK_FACTOR = 20;
/**
 * Below this many jobs (the planner's count), a keyword search reads its page only once its
 * counts are back, on PostgreSQL as on PGlite; from it, the page's statements run beside the
 * counts on another connection. On a small board each statement costs PostgreSQL more to parse
 * and plan (1–2 ms) than to run, and a search the counts find nothing for ("editor 37") is then
 * an empty page after one statement instead of four: unique searches beside the peer went from
 * 106 to 160 a second. On a million jobs the counts take tens of milliseconds, and waiting for
 * them raised the results pages' p95 from 51–116 ms to 74–213 ms (docs/performance.md, the
 * twelfth pass).
 */
export const COUNTS_BESIDE_PAGE_FROM = 50_000;
/**
 * The walk's threshold and length, and where the counts run beside the page, as searches read
 * them (tests lower them, to take a large board's way on a small one).
 */
export const searchTuning = {
  walkFromJobs: WALK_FROM_JOBS,
  walkFactor: WALK_FACTOR,
  countsBesidePageFrom: COUNTS_BESIDE_PAGE_FROM,
};
const BOARD_SIZE = Symbol.for("creator-jobs.board-size");
const sizeStore = globalThis as typeof globalThis & {
  [BOARD_SIZE]?: { jobs: number; until: number };
};

/** How many jobs the board holds (the planner's count), read at most once a minute. */
async function boardSize(db: Database): Promise<number> {
  const now = Date.now();
  let known = sizeStore[BOARD_SIZE];
  if (!known || known.until < now) {
    const result = await db.execute(
      sql`select greatest(reltuples, 0)::bigint as jobs from pg_class where oid = 'jobs'::regclass`,
    );
    known = { jobs: Number(rowsOf<{ jobs: unknown }>(result)[0]?.jobs ?? 0), until: now + 60_000 };
    sizeStore[BOARD_SIZE] = known;
  }
  return known.jobs;
}

/** Whether a keyword search's page waits for its counts (see COUNTS_BESIDE_PAGE_FROM). */
async function countsFirst(db: Database): Promise<boolean> {
  return !runsConcurrently(db) || (await boardSize(db)) < searchTuning.countsBesidePageFrom;
}

/**
 * How many of the newest listings a title window of `limit` jobs walks first (WALK_FACTOR
 * each), or null on a board smaller than `from` jobs.
 */
export async function walkLength(
  db: Database,
  limit: number,
  from: number = searchTuning.walkFromJobs,
): Promise<number | null> {
  return (await boardSize(db)) >= from ? limit * searchTuning.walkFactor : null;
}

/** The longest walk: past it, reading every title match costs less on any board we measured. */
export const MAX_WALK = 40_000;

/**
 * A title window of `limit` jobs (`read(walk)`: `walk` undefined reads every title match through
 * the index). On a large board it first walks the newest listings (walkLength). When that walk
 * finds fewer than `limit`, the share it found tells how far a second walk must go for them,
 * and how many title matches the index would read (that share of the board): the second walk
 * runs when it is the shorter of the two, else the index is read. A word the walks cannot fill
 * the window with is read through the index.
 */
async function titleWalk<Row extends { size: number }>(
  db: Database,
  limit: number,
  read: (walk?: number) => Promise<Row[]>,
): Promise<Row[]> {
  const walk = await walkLength(db, limit);
  if (!walk) return read();
  const walked = await read(walk);
  const found = walked[0]?.size ?? 0;
  if (found >= limit) return walked;
  const share = found / walk;
  const further = share > 0 ? Math.ceil((limit / share) * 1.25) : Infinity;
  if (further <= MAX_WALK && further < share * (await boardSize(db))) {
    const again = await read(further);
    if ((again[0]?.size ?? 0) >= limit) return again;
  }
  return read();
}

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

/** The counts beside each filter of a list without a keyword, and its total (kept, see above). */
export function listFacets(
  db: Database,
  filters: FacetFilters,
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
  const counts = CHOICES.map(
    ({ facet, test }, index) =>
      sql`count(*) filter (where ${sql.join([test, ...otherFilters(filters, facet)], sql` and `)})::int as ${sql.identifier(`c${index}`)}`,
  );
  // A keyword's first matches among the open jobs' search rows (in that table's order), one
  // more than are counted exactly; the lists without a keyword count every listed job (each
  // process keeps those a minute: listFacets).
  const matching = plan?.query
    ? sql`${listedIn(jobSearchRows, now)} and ${matchesKeyword(plan.query)}`
    : null;
  const rows = matching
    ? sql`(select ${department}, ${type}, ${boardRegions}, ${salaryMax}, ${salaryPeriod}
        from ${jobSearchRows} where ${matching} limit ${exactUpTo + 1}) as first_matches`
    : sql`${jobTitleRows} where ${listedIn(jobTitleRows, now)}`;
  const everyFilter = otherFilters(filters, "q");
  const result = await db.execute(sql`
    select count(*)::int as matches, ${sql.join(counts, sql`, `)},
      count(*) filter (where ${everyFilter.length > 0 ? sql.join(everyFilter, sql` and `) : sql`true`})::int as matching
    from ${rows}`);
  const [row] = rowsOf<Record<string, number>>(result);
  const counted = Number(row?.matches ?? 0);
  // A list without a keyword counted every job: its counts are exact, however many.
  const approximate = matching !== null && counted > exactUpTo;
  // Past the exact limit: each count scaled from the first matches to the estimate of them all.
  const scale =
    approximate && matching ? Math.max(counted, await estimatedRows(db, matching)) / counted : 1;
  CHOICES.forEach(({ facet, key }, index) => {
    const total = Math.round(Number(row?.[`c${index}`] ?? 0) * scale);
    // A choice no job would give is left out, as the API has always answered.
    if (total > 0) facets[facet][key] = total;
  });
  return { facets, approximate, matching: Number(row?.matching ?? 0) };
}

/**
 * The planner's estimate of how many open jobs' search rows meet `where` (its statistics; no row
 * is read).
 */
async function estimatedRows(db: Database, where: SQL): Promise<number> {
  const result = await db.execute(
    sql`explain (format json) select 1 from ${jobSearchRows} where ${where}`,
  );
  const [row] = rowsOf<{ "QUERY PLAN": unknown }>(result);
  const plan = row?.["QUERY PLAN"];
  const parsed = (typeof plan === "string" ? JSON.parse(plan) : plan) as [
    { Plan: { "Plan Rows": number } },
  ];
  return Number(parsed[0]?.Plan["Plan Rows"] ?? 0);
}
