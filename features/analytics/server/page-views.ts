import { domainToUnicode } from "node:url";
import { sql } from "drizzle-orm";
import type { z } from "zod";
import type { pageViewSchema } from "@/features/analytics/analytics-schemas";
import { SEARCH_TERM_MAX } from "@/features/analytics/analytics-schemas";
import { sourceOf } from "@/lib/model/traffic-source";
import { deviceOf } from "@/features/analytics/server/device";
import type { SiteStatDimension } from "@/lib/model/analytics";
import type { Database } from "@/lib/server/db/client";
import { searchStats, siteStats } from "@/lib/server/db/schema";
import { InvalidInput } from "@/lib/server/errors";
import type { RateLimit } from "@/lib/server/http/rate-limit";
import {
  anonymousVisitor,
  countingDay,
  countsVisitsOf,
  rememberMarks,
  visitorMark,
  type CountingDay,
} from "@/lib/server/stats/visitor-counts";
import { LATER_REPORT_PATH_PREFIX } from "@/lib/report-routes";
import { isPublicRoute, PUBLIC_ROUTES } from "@/lib/routes";

/*
 * The board's own traffic (issue 65), counted from the beacon every page sends about itself
 * (POST /api/stats/views, page-view-script.ts): per UTC day, in site_stats, the board as a whole
 * (`total`), each page, each landing (a view arriving from outside the board), each source of a
 * landing and each kind of device; in search_stats, each search term with its result count. Each
 * figure's views count every view, its visitors each visitor once a day, through the day's salted
 * marks (lib/server/stats/visitor-counts.ts), which are forgotten after two days. Nothing about
 * the visitor is stored, no cookie is set, and crawlers, requests without a User-Agent and those
 * asking not to be tracked (Sec-GPC: 1, DNT: 1) count nothing.
 */

export type PageView = z.infer<typeof pageViewSchema>;

/** Views taken per address: a person opens a few pages a minute; more is a script. */
export const PAGE_VIEW_LIMIT: RateLimit = {
  name: "page-views",
  points: 60,
  seconds: 60,
  message: "Too many page views from your network.",
};

/** The longest page path counted, in characters (the board's own paths are far shorter). */
export const PAGE_PATH_MAX = 200;

/**
 * The distinct values a day keeps per dimension (pages, landings, sources); past it, a new value
 * is counted as OTHER_VALUE, so a script inventing paths or sources cannot fill the table.
 */
export const VALUES_PER_DAY = 2_000;
export const OTHER_VALUE = "(other)";

/** Paths that are never a page a visitor reads: the API, Next.js's files, the moderators' area. */
const NOT_PAGES = /^\/(api|_next|review)(\/|$)/;

/** The board's public pages as Next.js names them, each as a pattern of the paths it serves. */
const PUBLIC_SHAPES = [
  ...PUBLIC_ROUTES.filter((route) => !route.startsWith("/reports/")).map(
    (route) =>
      new RegExp(
        `^${route.replace(/[.*+?^${}()|\\]/g, "\\$&").replace(/\\?\[[^\]/]+\]/g, "[^/]+")}$`,
      ),
  ),
  new RegExp(`^${LATER_REPORT_PATH_PREFIX}q[1-4]-\\d{2}$`),
];

/** The pages that take a search (`q`): the job board and its department, region and type lists. */
const SEARCH_PAGES = [/^\/$/, /^\/(departments|regions|types)\/[^/]+$/];

const refuse = (message: string) => new InvalidInput({ path: [message] });

/**
 * The page a view is of: its path without the query, decoded, NFC, without a trailing slash; its
 * query beside it. 422 for what is not a board page's address (the API, Next.js's files, /review,
 * control characters, over PAGE_PATH_MAX); null for an address that is not one of the public
 * pages (the signed-in area, an unknown shape), which is not counted.
 */
export function pageOf(raw: string): { path: string; query: URLSearchParams } | null {
  if (/[\u0000-\u001f\u007f\\]/u.test(raw) || raw.startsWith("//")) {
    throw refuse("Give the path of one of the board's pages");
  }
  let url: URL;
  try {
    url = new URL(raw, "http://board.invalid");
  } catch {
    throw refuse("Give the path of one of the board's pages");
  }
  let path = url.pathname;
  try {
    path = decodeURIComponent(path);
  } catch {
    // Not valid percent-encoding: counted as sent.
  }
  path = path.normalize("NFC");
  if (path.length > 1) path = path.replace(/\/+$/u, "") || "/";
  if ([...path].length > PAGE_PATH_MAX) throw refuse("That path is too long for a board page");
  if (NOT_PAGES.test(path) || /[\u0000-\u001f\u007f]/u.test(path)) {
    throw refuse("Give the path of one of the board's pages");
  }
  if (!isPublicRoute(path) && !PUBLIC_SHAPES.some((shape) => shape.test(path))) return null;
  return { path, query: url.searchParams };
}

/** A search term as counted: NFKC, lower case, trimmed, single spaces, at most SEARCH_TERM_MAX. */
export function normaliseTerm(raw: string): string {
  const term = raw.normalize("NFKC").toLowerCase().replace(/\s+/gu, " ").trim();
  return [...term].slice(0, SEARCH_TERM_MAX).join("").trim();
}

/** Whether the request asks not to be tracked: Global Privacy Control or Do Not Track. */
export const asksNotToBeTracked = (headers: Record<string, string | string[] | undefined>) =>
  [headers["sec-gpc"], headers.dnt].some((value) => String(value ?? "").trim() === "1");

/** The board's own hosts: the one the request came to and the configured public address's. */
function ownHostsOf(host: string | undefined): string[] {
  const hosts = new Set<string>();
  const add = (address: string) => {
    try {
      hosts.add(new URL(address).hostname.toLowerCase());
    } catch {
      // Not an address: nothing to add.
    }
  };
  if (host) add(`http://${host}`);
  if (process.env.NEXT_PUBLIC_SITE_URL) add(process.env.NEXT_PUBLIC_SITE_URL);
  return [...hosts];
}

/** A figure a view counts: its dimension and the value it is counted under. */
type Figure = { dimension: SiteStatDimension; value: string };

/** Dimensions whose values come from the request, kept to VALUES_PER_DAY a day. */
const boundedDimension = (dimension: SiteStatDimension) =>
  dimension !== "total" && dimension !== "device";

/**
 * Counts a view's figures and its search in one statement (issue 67: every page sends a view,
 * and ~18 sequential statements were its cost), with data-modifying CTEs, which see the tables
 * as they were before it (each figure is of another dimension, so none depends on another's
 * write):
 * - `figure`: each figure's value and the visitor's marks for it, made here (the day's salted
 *   HMAC of the visitor, the figure and its value): for a bounded dimension also the mark for
 *   OTHER_VALUE, as the value counted is decided in the statement;
 * - `decided`: the value a figure is counted under: its own when the day has it already or has
 *   room for another (fewer than VALUES_PER_DAY values of that dimension), else OTHER_VALUE;
 * - `marked`: the marks inserted into stats_visitors, returning those that were new (the
 *   visitor's first time today for that figure);
 * - upserts of site_stats (+1 view, +1 visitor where the mark was new) and of search_stats.
 */
function countView(
  db: Database,
  day: CountingDay,
  visitor: string,
  figures: Figure[],
  search: { term: string; results: number } | null,
) {
  const rows = figures.map(({ dimension, value }) => {
    const mark = visitorMark(day, [visitor, "site", dimension, value]);
    const other = boundedDimension(dimension)
      ? visitorMark(day, [visitor, "site", dimension, OTHER_VALUE])
      : null;
    return sql`(${dimension}::text, ${value}::text, ${mark}::text, ${other}::text)`;
  });
  const date = sql`${day.day}::date`;
  const searchMark = search && visitorMark(day, [visitor, "search", search.term]);
  return db.execute(sql`
    with figure (dimension, value, mark, other_mark) as (values ${sql.join(rows, sql`, `)}),
    -- Materialized: the test runs once a figure (inlined, each CASE below would run it again).
    kept as materialized (
      select f.*,
        f.other_mark is null
          or exists (
            select 1 from ${siteStats} as s
            where s.day = ${date} and s.dimension = f.dimension and s.value = f.value)
          or (
            select count(*) from (
              select 1 from ${siteStats} as s
              where s.day = ${date} and s.dimension = f.dimension
              limit ${VALUES_PER_DAY}::int) as taken
          ) < ${VALUES_PER_DAY}::int as own
      from figure as f
    ),
    decided as (
      select dimension,
        case when own then value else ${OTHER_VALUE}::text end as value,
        case when own then mark else other_mark end as mark
      from kept
    ),
    marked as (${rememberMarks(
      day,
      sql`select mark from decided ${searchMark ? sql`union all select ${searchMark}::text` : sql``}`,
    )}),
    site as (
      insert into ${siteStats} (day, dimension, value, views, visitors)
      select ${date}, d.dimension, d.value, 1, (m.mark is not null)::int
      from decided as d left join marked as m on m.mark = d.mark
      on conflict (day, dimension, value) do update
        set views = site_stats.views + 1, visitors = site_stats.visitors + excluded.visitors
      returning 1
    )${
      search
        ? sql`,
    search as (
      insert into ${searchStats} (day, term, searches, visitors, zero_results, results)
      select ${date}, ${search.term}::text, 1, count(*)::int,
        ${search.results === 0 ? 1 : 0}::int, ${search.results}::int
      from marked where mark = ${searchMark}::text
      on conflict (day, term) do update
        set searches = search_stats.searches + 1,
          visitors = search_stats.visitors + excluded.visitors,
          zero_results = search_stats.zero_results + excluded.zero_results,
          results = excluded.results
      returning 1
    )`
        : sql``
    }
    select count(*)::int as figures from site`);
}

/**
 * Counts a page's view of itself. 422 (InvalidInput) for a path that is not a board page's; false
 * when nothing was counted: a crawler, no User-Agent, Sec-GPC or DNT, a page outside the public
 * board.
 */
export async function recordPageView(
  db: Database,
  input: {
    view: PageView;
    address: string;
    headers: Record<string, string | string[] | undefined>;
    now?: Date;
  },
): Promise<boolean> {
  const page = pageOf(input.view.path);
  const userAgent = input.headers["user-agent"];
  const agent = typeof userAgent === "string" ? userAgent : undefined;
  if (!page || !countsVisitsOf(agent) || asksNotToBeTracked(input.headers)) return false;
  const host = input.headers.host;
  const source = sourceOf(
    {
      query: page.query,
      referrer: input.view.referrer,
      ownHosts: ownHostsOf(typeof host === "string" ? host : undefined),
    },
    domainToUnicode,
  );
  const q = page.query.get("q");
  const term =
    q !== null && SEARCH_PAGES.some((shape) => shape.test(page.path)) ? normaliseTerm(q) : "";
  const visitor = anonymousVisitor(input.address, agent);
  const day = await countingDay(db, input.now);
  const figures: Figure[] = [
    { dimension: "total", value: "" },
    { dimension: "page", value: page.path },
    { dimension: "device", value: deviceOf(agent, input.view.touch) },
  ];
  if (source !== null) {
    figures.push(
      { dimension: "landing", value: page.path },
      { dimension: "referrer", value: source },
    );
  }
  const search =
    term && input.view.results !== undefined ? { term, results: input.view.results } : null;
  await countView(db, day, visitor, figures, search);
  return true;
}
