import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { JobDetail } from "@/features/jobs/types";
import {
  EXCHANGE_RATES,
  FIGURES_CURRENCY,
  listingMiddle,
  MIN_LISTINGS,
  SALARY_CURRENCIES,
  type SalaryCurrency,
} from "@/features/jobs/pay";
import type {
  PayComparison,
  SalaryFigures,
  SalaryPageProps,
  SalaryReport,
} from "@/features/salaries/types";
import { routes } from "@/lib/routes";
import { DEPARTMENTS, findEntry, JOB_TYPES, REGIONS, type TaxonomyEntry } from "@/lib/taxonomy";
import type { JobStatus } from "@/features/jobs/constants";
import { rowsOf, type Database } from "@/lib/server/db/client";
import { jobs, salaryFigures } from "@/lib/server/db/schema";
import { annualPay } from "@/features/jobs/server/annual-pay";

/*
 * What the board's listings pay (issue 30's salary pages): for every role, region and type, and
 * by quarter, the percentiles of the annual base pay their listings offer, in US dollars
 * (features/jobs/pay.ts). Computed from the listings by a periodic task into salary_figures, so a
 * page reads a few rows; a run replaces every figure at once, so an edited, filled or expired
 * listing is counted as it now is within the hour.
 */

/** The figures cover listings posted within this many months. */
export const FIGURES_MONTHS = 12;

/** Listings that never went live, or were taken down by moderation, say nothing of pay. */
const NOT_COUNTED: readonly JobStatus[] = ["pending", "rejected", "removed"];

/** One set of figures: what `listings` listings pay; null when fewer than MIN_LISTINGS. */
export type SalaryFigure = typeof salaryFigures.$inferSelect;

/** Where a figure belongs: "" for every department, region or type; quarter "" for 12 months. */
export type FigureScope = { department: string; region: string; type: string };

/** The first instant whose listings count: FIGURES_MONTHS before `now`. */
export function figuresSince(now: Date): Date {
  const since = new Date(now);
  since.setUTCMonth(since.getUTCMonth() - FIGURES_MONTHS);
  return since;
}

const valuesList = (rows: readonly (readonly [string, number])[]) =>
  sql.join(
    rows.map(([key, value]) => sql`(${key}::text, ${value}::float8)`),
    sql`, `,
  );

/**
 * Recomputes every figure from the listings posted in the FIGURES_MONTHS before `now` that
 * disclose pay, and replaces the stored ones in one transaction (a page meanwhile reads the
 * previous run's). Answers how many figures there are.
 */
export async function refreshSalaryFigures(db: Database, now: Date = new Date()): Promise<number> {
  const rates = valuesList(SALARY_CURRENCIES.map((c) => [c, EXCHANGE_RATES.usdPer[c]] as const));
  const notCounted = sql.join(
    NOT_COUNTED.map((status) => sql`${status}`),
    sql`, `,
  );
  // Each listing's pay as annual US dollars: the middle of its range (or its one end), and the
  // lowest and highest it offers. A listing in a currency without a rate is left out.
  const figure = (value: string) =>
    sql.raw(`case when count(*) >= ${MIN_LISTINGS} then round(${value})::int end`);
  return db.transaction(async (tx) => {
    await tx.delete(salaryFigures);
    const result = await tx.execute(sql`
      with rate(currency, usd) as (values ${rates}),
      pay as (
        select j.department, j.region, j.type,
          to_char(j.published_at at time zone 'UTC', 'YYYY-"Q"Q') as quarter,
          (coalesce(j.salary_min, j.salary_max) + coalesce(j.salary_max, j.salary_min))
            / 2.0 * yearly.usd as middle,
          coalesce(j.salary_min, j.salary_max) * yearly.usd as lowest,
          coalesce(j.salary_max, j.salary_min) * yearly.usd as highest
        from ${jobs} j
        join rate on rate.currency = j.salary_currency
        -- US dollars a year for one unit of the listing's pay.
        cross join lateral (
          select ${annualPay(sql`rate.usd`, sql`j.salary_period`)} as usd
        ) as yearly
        where (j.salary_min is not null or j.salary_max is not null)
          and j.published_at >= ${figuresSince(now)} and j.published_at <= ${now}
          and j.status not in (${notCounted})
      )
      insert into ${salaryFigures}
        (department, region, type, quarter, listings, p25, median, p75, low, high, computed_at)
      select coalesce(department, ''), coalesce(region, ''), coalesce(type, ''),
        coalesce(quarter, ''), count(*)::int,
        ${figure("percentile_cont(0.25) within group (order by middle)")},
        ${figure("percentile_cont(0.5) within group (order by middle)")},
        ${figure("percentile_cont(0.75) within group (order by middle)")},
        ${figure("min(lowest)")}, ${figure("max(highest)")}, ${now}
      from pay
      group by grouping sets (
        (), (department), (department, region), (department, type), (department, region, type),
        (quarter), (department, quarter), (department, region, quarter)
      )
      returning 1`);
    return rowsOf(result).length;
  });
}

/** The rows of a role (or every role) in a region (or every region). */
const inScope = (scope: Omit<FigureScope, "type">) => [
  eq(salaryFigures.department, scope.department),
  eq(salaryFigures.region, scope.region),
];

/** The figures of the last twelve months for `scope`, or null when no listing is behind it. */
export async function salaryFigureFor(
  db: Database,
  scope: FigureScope,
): Promise<SalaryFigure | null> {
  const [row] = await db
    .select()
    .from(salaryFigures)
    .where(
      and(...inScope(scope), eq(salaryFigures.type, scope.type), eq(salaryFigures.quarter, "")),
    );
  return row ?? null;
}

/** `scope`'s figures quarter by quarter, oldest first (every type: quarters are not per type). */
export async function salaryTrendFor(
  db: Database,
  scope: Omit<FigureScope, "type">,
): Promise<SalaryFigure[]> {
  return db
    .select()
    .from(salaryFigures)
    .where(and(...inScope(scope), eq(salaryFigures.type, ""), ne(salaryFigures.quarter, "")))
    .orderBy(asc(salaryFigures.quarter));
}

/** What a scope is broken down by: its roles, regions or types. */
export type SalaryPartKind = "department" | "region" | "type";

/**
 * The figures of the last twelve months of each of `scope`'s parts by `by`: each role (of every
 * region and type), each region of `scope.department`, or each type of `scope.department` (and
 * `scope.region`). Only parts with a listing behind them.
 */
export async function salaryPartsOf(
  db: Database,
  scope: Omit<FigureScope, "type">,
  by: SalaryPartKind,
): Promise<SalaryFigure[]> {
  const f = salaryFigures;
  const where =
    by === "department"
      ? and(ne(f.department, ""), eq(f.region, ""), eq(f.type, ""))
      : by === "region"
        ? and(eq(f.department, scope.department), ne(f.region, ""), eq(f.type, ""))
        : and(eq(f.department, scope.department), eq(f.region, scope.region), ne(f.type, ""));
  return db
    .select()
    .from(f)
    .where(and(where, eq(f.quarter, "")));
}

const figuresOf = ({ listings, p25, median, p75, low, high }: SalaryFigure): SalaryFigures => ({
  listings,
  p25,
  median,
  p75,
  low,
  high,
});

const ENTRIES: Record<SalaryPartKind, readonly TaxonomyEntry[]> = {
  department: DEPARTMENTS,
  region: REGIONS,
  type: JOB_TYPES,
};

/**
 * What listings pay for every role (no department), a role, or a role in a region: the figures
 * of the last twelve months, its parts (roles; a role's regions; types) in the taxonomy's
 * order, and its quarters. What a salary page shows and /api/salaries answers.
 */
export async function salaryReport(
  db: Database,
  scope: { department?: string; region?: string },
): Promise<SalaryReport> {
  const where = { department: scope.department ?? "", region: scope.region ?? "" };
  const kinds: SalaryPartKind[] = !scope.department
    ? ["department"]
    : scope.region
      ? ["type"]
      : ["region", "type"];
  const [figure, trend, ...parts] = await Promise.all([
    salaryFigureFor(db, { ...where, type: "" }),
    salaryTrendFor(db, where),
    ...kinds.map((by) => salaryPartsOf(db, where, by)),
  ]);
  return {
    department: scope.department ?? null,
    region: scope.region ?? null,
    currency: FIGURES_CURRENCY,
    months: FIGURES_MONTHS,
    min_listings: MIN_LISTINGS,
    rates: { date: EXCHANGE_RATES.date, usd_per: { ...EXCHANGE_RATES.usdPer } },
    computed_at: figure?.computedAt.toISOString() ?? null,
    figures: figure ? figuresOf(figure) : null,
    parts: kinds
      .map((by, index) => ({
        by,
        rows: ENTRIES[by].flatMap((entry) => {
          const part = parts[index]!.find((row) => row[by] === entry.slug);
          return part ? [{ slug: entry.slug, label: entry.label, ...figuresOf(part) }] : [];
        }),
      }))
      .filter((part) => part.rows.length > 0),
    quarters: trend.map((row) => ({ quarter: row.quarter, ...figuresOf(row) })),
  };
}

/** Regions whose names take "the" in a sentence. */
const REGIONS_WITH_THE = new Set(["united-states", "united-kingdom"]);

/**
 * Where `job`'s pay sits against the median of its role in its region, as the figures count
 * pay; null when it shows none, or the figures show no median there (too few listings).
 */
export async function comparePay(
  db: Database,
  job: Pick<
    JobDetail,
    "department" | "region" | "salary_min" | "salary_max" | "salary_currency" | "salary_period"
  >,
): Promise<PayComparison | null> {
  if (!(SALARY_CURRENCIES as readonly string[]).includes(job.salary_currency)) return null;
  const middle = listingMiddle(
    job.salary_min,
    job.salary_max,
    job.salary_period,
    job.salary_currency as SalaryCurrency,
  );
  if (middle === null) return null;
  const figure = await salaryFigureFor(db, {
    department: job.department,
    region: job.region,
    type: "",
  });
  if (figure?.median == null) return null;
  const pay = Math.round(middle);
  const department = findEntry(DEPARTMENTS, job.department)?.label ?? job.department;
  const region = findEntry(REGIONS, job.region)?.label ?? job.region;
  const currency = job.salary_currency as SalaryCurrency;
  return {
    position: pay > figure.median ? "above" : pay < figure.median ? "below" : "at",
    median: figure.median,
    shown: { amount: figure.median / EXCHANGE_RATES.usdPer[currency], currency },
    scope:
      job.region === "remote"
        ? `remote ${department} roles`
        : `${department} roles in ${REGIONS_WITH_THE.has(job.region) ? "the " : ""}${region}`,
    href: routes.salaries(job.department, job.region),
  };
}

/**
 * A salary page's scope and figures from its URL's segments (a department's and a region's
 * slugs; absent for all of them), as the page and its social card read them; null when a slug
 * names no department or region (a 404).
 */
export async function salaryPageReport(
  db: Database,
  segments: { department?: unknown; region?: unknown },
): Promise<Pick<SalaryPageProps, "report" | "department" | "region"> | null> {
  const department =
    segments.department === undefined ? null : findEntry(DEPARTMENTS, segments.department);
  const region = segments.region === undefined ? null : findEntry(REGIONS, segments.region);
  if (department === undefined || region === undefined) return null;
  const named = (entry: TaxonomyEntry | null) =>
    entry ? { slug: entry.slug, label: entry.label } : null;
  return {
    report: await salaryReport(db, { department: department?.slug, region: region?.slug }),
    department: named(department),
    region: named(region),
  };
}
