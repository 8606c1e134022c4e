import {
  and,
  asc,
  count,
  countDistinct,
  desc,
  eq,
  gte,
  isNotNull,
  lt,
  notInArray,
  or,
  sql,
  type SQL,
} from "drizzle-orm";
import type { QuarterReport, SalaryBand, Share } from "@/features/reports/types";
import { HIRING_REPORTS } from "@/features/reports/reports";
import {
  DEPARTMENTS,
  JOB_TYPES,
  REGIONS,
  type RegionSlug,
  type TaxonomyEntry,
} from "@/lib/taxonomy";
import type { Database } from "@/lib/server/db/client";
import { companies, jobs, type JobStatus } from "@/lib/server/db/schema";
import { isListed } from "@/features/jobs/server/jobs";

const SALARY_BANDS = [
  { label: "Under $50k", min: 0, max: 50_000 },
  { label: "$50k–$80k", min: 50_000, max: 80_000 },
  { label: "$80k–$110k", min: 80_000, max: 110_000 },
  { label: "$110k–$150k", min: 110_000, max: 150_000 },
  { label: "$150k and up", min: 150_000, max: null },
] as const satisfies readonly Omit<SalaryBand, "count">[];

const TOP_COMPANIES = 10;
const REMOTE: RegionSlug = "remote";

/** Pending jobs were never published and rejected ones never will be: they are not roles. */
const NEVER_LIVE: JobStatus[] = ["pending", "rejected"];

const disclosesPay = or(isNotNull(jobs.salaryMin), isNotNull(jobs.salaryMax))!;

/** The middle of a job's pay range, or its one end when only one is given. */
const midpoint = sql<number>`(coalesce(${jobs.salaryMin}, ${jobs.salaryMax})::float8 + coalesce(${jobs.salaryMax}, ${jobs.salaryMin})) / 2`;

// width_bucket against the bands' lower bounds gives 1 in the first band, 2 in the second, ...
// and 0 below the first. The bounds are written into the SQL rather than bound as parameters
// so that the grouping expression is the same text as the selected one.
const lowerBounds = sql.raw(`array[${SALARY_BANDS.map((band) => band.min).join(", ")}]::float8[]`);
const bandNumber = sql<number>`width_bucket(${midpoint}, ${lowerBounds})`.mapWith(Number);

const medianMidpoint = sql<
  number | null
>`percentile_cont(0.5) within group (order by ${midpoint})`.mapWith(Number);

function parseQuarter(quarter: string): { number: number; year: number } {
  const match = /^Q([1-4]) ([1-9]\d{3})$/.exec(quarter);
  if (!match) throw new Error(`Not a quarter: ${quarter}`);
  return { number: Number(match[1]), year: Number(match[2]) };
}

/** The quarter's first instant and the next quarter's first, in UTC. */
export function quarterBounds(quarter: string): { start: Date; end: Date } {
  const { number, year } = parseQuarter(quarter);
  // Date.UTC carries month 12 over into January of the next year.
  return {
    start: new Date(Date.UTC(year, (number - 1) * 3, 1)),
    end: new Date(Date.UTC(year, number * 3, 1)),
  };
}

function quarterBefore(quarter: string): string {
  const { number, year } = parseQuarter(quarter);
  return number === 1 ? `Q4 ${year - 1}` : `Q${number - 1} ${year}`;
}

/** Jobs published in the quarter that went live. */
function rolesIn(quarter: string): SQL {
  const { start, end } = quarterBounds(quarter);
  return and(
    gte(jobs.publishedAt, start),
    lt(jobs.publishedAt, end),
    notInArray(jobs.status, NEVER_LIVE),
  )!;
}

const shareOf = (part: number, whole: number): number => (whole === 0 ? 0 : part / whole);

const changeFrom = (previous: number | undefined, current: number): number | null =>
  previous ? (current - previous) / previous : null;

async function countRoles(db: Database, where: SQL) {
  const [row] = await db
    .select({
      roles: count(),
      companies: countDistinct(jobs.companyId),
      disclosingPay: sql<number>`count(*) filter (where ${disclosesPay})`.mapWith(Number),
    })
    .from(jobs)
    .where(where);
  // An aggregate without GROUP BY always returns one row.
  return row!;
}

async function previousFigures(db: Database, quarter: string): Promise<QuarterReport["previous"]> {
  if (quarter === HIRING_REPORTS[0].quarter) return null;
  const previous = quarterBefore(quarter);
  const { roles, companies } = await countRoles(db, rolesIn(previous));
  return { quarter: previous, open_roles: roles, hiring_companies: companies };
}

type BreakdownColumn = typeof jobs.department | typeof jobs.region | typeof jobs.type;

async function countBy(
  db: Database,
  column: BreakdownColumn,
  where: SQL,
): Promise<Map<string, number>> {
  const rows = await db
    .select({ slug: column, total: count() })
    .from(jobs)
    .where(where)
    .groupBy(column);
  return new Map(rows.map((row) => [row.slug, row.total]));
}

/** Every entry, with the ones that have no roles too: a report shows where hiring is absent. */
function toShares(
  entries: readonly TaxonomyEntry[],
  counts: Map<string, number>,
  roles: number,
): Share[] {
  return entries
    .map(({ slug, label }) => {
      const entryCount = counts.get(slug) ?? 0;
      return { slug, label, count: entryCount, share: shareOf(entryCount, roles) };
    })
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label, "en"));
}

/** Median and bands over USD pay only: midpoints in different currencies do not compare. */
async function usdPay(db: Database, where: SQL) {
  const paidInUsd = and(where, eq(jobs.salaryCurrency, "USD"), disclosesPay);
  const [[medianRow], bandRows] = await Promise.all([
    db.select({ median: medianMidpoint }).from(jobs).where(paidInUsd),
    db.select({ band: bandNumber, total: count() }).from(jobs).where(paidInUsd).groupBy(bandNumber),
  ]);
  const counts = new Map(bandRows.map((row) => [row.band, row.total]));
  return {
    median: medianRow?.median ?? null,
    bands: SALARY_BANDS.map((band, index) => ({ ...band, count: counts.get(index + 1) ?? 0 })),
  };
}

async function topCompanies(db: Database, where: SQL) {
  return (
    db
      .select({ name: companies.name, slug: companies.slug, count: count() })
      .from(jobs)
      .innerJoin(companies, eq(companies.id, jobs.companyId))
      .where(where)
      .groupBy(companies.id)
      // Byte order, so PostgreSQL servers with any locale and PGlite break ties alike.
      .orderBy(desc(count()), asc(sql`${companies.name} collate "C"`), asc(companies.id))
      .limit(TOP_COMPANIES)
  );
}

/** The figures of one quarter's hiring-trends report, counted in the database. */
export async function computeQuarterReport(db: Database, quarter: string): Promise<QuarterReport> {
  const { start, end } = quarterBounds(quarter);
  const where = rolesIn(quarter);
  const [totals, previous, departments, regions, types, pay, top] = await Promise.all([
    countRoles(db, where),
    previousFigures(db, quarter),
    countBy(db, jobs.department, where),
    countBy(db, jobs.region, where),
    countBy(db, jobs.type, where),
    usdPay(db, where),
    topCompanies(db, where),
  ]);
  return {
    quarter,
    start: start.toISOString(),
    end: end.toISOString(),
    open_roles: totals.roles,
    hiring_companies: totals.companies,
    previous,
    change: {
      open_roles: changeFrom(previous?.open_roles, totals.roles),
      hiring_companies: changeFrom(previous?.hiring_companies, totals.companies),
    },
    by_department: toShares(DEPARTMENTS, departments, totals.roles),
    by_region: toShares(REGIONS, regions, totals.roles),
    by_type: toShares(JOB_TYPES, types, totals.roles),
    remote_share: shareOf(regions.get(REMOTE) ?? 0, totals.roles),
    salary: {
      disclosed_share: shareOf(totals.disclosingPay, totals.roles),
      median: pay.median,
      bands: pay.bands,
    },
    top_companies: top,
  };
}

/** Jobs listed right now, and the companies behind them. */
export async function siteTotals(
  db: Database,
  now: Date = new Date(),
): Promise<{ openRoles: number; companies: number }> {
  const [row] = await db
    .select({ openRoles: count(), companies: countDistinct(jobs.companyId) })
    .from(jobs)
    .where(isListed(now));
  // An aggregate without GROUP BY always returns one row.
  return row!;
}
