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
  const [totals, top, notFound] = await Promise.all([
    db.execute(sql`
      select coalesce(sum(searches) filter (where day >= ${from}::date), 0) as current,
        coalesce(sum(searches) filter (where day < ${from}::date), 0) as previous
      from ${searchStats}
      where day between ${previous.from}::date and ${to}::date`),
    db.execute(sql`
      with terms as (${terms})
      select * from terms order by searches desc, visitors desc, term limit ${ANALYTICS_TOP}`),
    db.execute(sql`
      with terms as (${terms})
      select * from terms
      where results = 0 or zero_results >= searches
      order by searches desc, visitors desc, term limit ${ANALYTICS_TOP}`),
  ]);
  const [sums] = rowsOf<{ current: unknown; previous: unknown }>(totals);
  return {
    range: { from, to },
    searches: { current: n(sums?.current), previous: n(sums?.previous) },
    top: rowsOf<TermRow>(top).map(toRow),
    not_found: rowsOf<TermRow>(notFound).map(toRow),
  };
}
