import { sql } from "drizzle-orm";
import { ANALYTICS_TOP, type SearchReport } from "@/features/analytics/analytics-schemas";
import type { ReportRange } from "@/features/analytics/server/range";
import { rowsOf, type Database } from "@/lib/server/db/client";
import { searchStats } from "@/lib/server/db/schema";

/*
 * The searches people ran over a range, from the daily roll-ups (search_stats): the most
 * frequent terms, and those that found nothing: a term whose latest day in the range ended on
 * a search with no result, or whose every search found nothing. Terms are kept as typed
 * (normalised to lower case and single spaces by the counting), in any script.
 */

const n = (value: unknown) => Number(value ?? 0);

type TermRow = {
  term: string;
  searches: unknown;
  visitors: unknown;
  zero_results: unknown;
  results: unknown;
};

const toRow = (row: TermRow) => ({
  term: row.term,
  searches: n(row.searches),
  visitors: n(row.visitors),
  zero_results: n(row.zero_results),
  results: n(row.results),
});

/** `GET /api/moderation/analytics`'s searches. */
export async function searchReport(db: Database, range: ReportRange): Promise<SearchReport> {
  const { from, to, previous } = range;
  const terms = sql`
    select term,
      sum(searches) as searches, sum(visitors) as visitors, sum(zero_results) as zero_results,
      (array_agg(results order by day desc))[1] as results
    from ${searchStats}
    where day between ${from}::date and ${to}::date
    group by term`;
  const [totals, lists] = await Promise.all([
    db.execute(sql`
      select coalesce(sum(searches) filter (where day >= ${from}::date), 0) as current,
        coalesce(sum(searches) filter (where day < ${from}::date), 0) as previous
      from ${searchStats}
      where day between ${previous.from}::date and ${to}::date`),
    // The terms are summed once (a CTE used twice is computed once) for both lists.
    db.execute(sql`
      with terms as (${terms}),
      top as (
        select * from terms order by searches desc, visitors desc, term limit ${ANALYTICS_TOP}
      ),
      not_found as (
        select * from terms where results = 0 or zero_results >= searches
        order by searches desc, visitors desc, term limit ${ANALYTICS_TOP}
      )
      select 'top' as list, * from top
      union all
      select 'not_found' as list, * from not_found`),
  ]);
  const rows = rowsOf<TermRow & { list: string }>(lists);
  const byRank = (a: TermRow, b: TermRow) =>
    n(b.searches) - n(a.searches) ||
    n(b.visitors) - n(a.visitors) ||
    (a.term < b.term ? -1 : a.term > b.term ? 1 : 0);
  const top = rows.filter((row) => row.list === "top").sort(byRank);
  const notFound = rows.filter((row) => row.list === "not_found").sort(byRank);
  const [sums] = rowsOf<{ current: unknown; previous: unknown }>(totals);
  return {
    range: { from, to },
    searches: { current: n(sums?.current), previous: n(sums?.previous) },
    top: top.map(({ list: _list, ...row }) => toRow(row)),
    not_found: notFound.map(({ list: _list, ...row }) => toRow(row)),
  };
}
