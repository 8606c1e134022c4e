import { sql } from "drizzle-orm";
import {
  defaultRange,
  rangeProblem,
  REVENUE_KINDS,
  type RevenueKind,
  type RevenueMonthRow,
  type RevenueProductRow,
  type RevenueReport,
  type RevenueTable,
  startOfMonth,
} from "@/features/billing/revenue-schemas";
import { rowsOf, type Database } from "@/lib/server/db/client";
import { invoices, listingPacks, listingPlans, subscriptionPlans } from "@/lib/server/db/schema";
import { csvLines } from "@/lib/server/csv";
import { InvalidInput } from "@/lib/server/errors";

/*
 * The owner's revenue report (issue 63), read from the invoices alone: every invoice issued in
 * the range's months (by its issue date in UTC), paid or not, and every credit note issued in
 * them (a refund, or an unpaid invoice cancelled), each line by the product it names (its
 * `product`: lib/model/billing.ts). Amounts are summed by PostgreSQL as bigint, never in
 * floating point; a sum too large for a JavaScript number is an error, not a rounding.
 */

/**
 * The range asked for: a missing end is this month, a missing start the 11 months before the
 * end; 422 on `to` when the range is backwards or too long.
 */
export function revenueRange(query: { from?: string; to?: string }, now: Date = new Date()) {
  const { from, to } = defaultRange(query, now);
  const problem = rangeProblem(from, to);
  if (problem) throw new InvalidInput({ to: [problem] });
  return { from, to };
}

/** A sum PostgreSQL gave as bigint (a string or a bigint, by driver), as an exact number. */
function exact(value: unknown): number {
  const number = Number(value ?? 0);
  if (!Number.isSafeInteger(number)) throw new Error(`A revenue sum overflowed: ${String(value)}`);
  return number;
}

type SumRow = {
  month: string | null;
  currency: string;
  count: unknown;
  net: unknown;
  tax: unknown;
  gross: unknown;
  paid: unknown;
  outstanding: unknown;
  overdue: unknown;
  refunded: unknown;
};

const sumsOf = (row: SumRow) => {
  const gross = exact(row.gross);
  const refunded = exact(row.refunded);
  return {
    month: row.month,
    currency: row.currency,
    count: exact(row.count),
    net_minor: exact(row.net),
    tax_minor: exact(row.tax),
    gross_minor: gross,
    paid_minor: exact(row.paid),
    outstanding_minor: exact(row.outstanding),
    overdue_minor: exact(row.overdue),
    refunded_minor: refunded,
    balance_minor: gross - refunded,
  };
};

/**
 * The sums of `net`, `tax` and `gross` over a set of rows of documents (`kind`, `paid`, `due`):
 * the invoices' amounts, the part paid and the part still due, and (positive) what the credit
 * notes took back.
 */
const sumColumns = sql`
  coalesce(sum(net) filter (where kind = 'invoice'), 0)::bigint as net,
  coalesce(sum(tax) filter (where kind = 'invoice'), 0)::bigint as tax,
  coalesce(sum(gross) filter (where kind = 'invoice'), 0)::bigint as gross,
  coalesce(sum(gross) filter (where kind = 'invoice' and paid), 0)::bigint as paid,
  coalesce(sum(gross) filter (where kind = 'invoice' and due), 0)::bigint as outstanding,
  coalesce(sum(gross) filter (where kind = 'invoice' and overdue), 0)::bigint as overdue,
  coalesce(-sum(gross) filter (where kind = 'credit_note'), 0)::bigint as refunded`;

/** The documents issued in [start, end): their month, and whether paid or still due. */
const documents = (start: Date, end: Date, now: Date) => sql`
  select id, kind, currency, lines,
    to_char(issued_at at time zone 'UTC', 'YYYY-MM') as month,
    subtotal_minor::bigint as net, tax_minor::bigint as tax, total_minor::bigint as gross,
    paid_at is not null as paid,
    (paid_at is null and credited_minor = 0) as due,
    (paid_at is null and credited_minor = 0 and due_at < ${now.toISOString()}::timestamptz) as overdue
  from ${invoices}
  where issued_at >= ${start.toISOString()}::timestamptz
    and issued_at < ${end.toISOString()}::timestamptz`;

/** Each product's sums by month, and (month null) over the range. */
async function productSums(db: Database, start: Date, end: Date, now: Date) {
  const result = await db.execute(sql`
    with docs as (${documents(start, end, now)}),
    lines as (
      select d.id, d.kind, d.currency, d.month, d.paid, d.due, d.overdue,
        coalesce(l.line->'product'->>'kind', 'other') as product,
        coalesce(l.line->'product'->>'slug', '') as slug,
        (l.line->>'net_minor')::bigint as net,
        (l.line->>'tax_minor')::bigint as tax,
        (l.line->>'total_minor')::bigint as gross
      from docs d cross join jsonb_array_elements(d.lines) as l(line)
    )
    select case when grouping(month) = 1 then null else month end as month,
      currency, product, slug,
      count(distinct id) filter (where kind = 'invoice') as count,
      ${sumColumns}
    from lines
    group by grouping sets ((month, currency, product, slug), (currency, product, slug))`);
  return rowsOf<SumRow & { product: string; slug: string }>(result);
}

/** Whole documents' sums by month, and (month null) over the range. */
async function monthSums(db: Database, start: Date, end: Date, now: Date) {
  const result = await db.execute(sql`
    with docs as (${documents(start, end, now)})
    select case when grouping(month) = 1 then null else month end as month, currency,
      count(*) filter (where kind = 'invoice') as count,
      ${sumColumns}
    from docs
    group by grouping sets ((month, currency), (currency))`);
  return rowsOf<SumRow>(result);
}

/** Plans' and packs' names as the offer has them now (retired ones too), by slug. */
async function productNames(db: Database) {
  const [plans, packs, subscriptions] = await Promise.all([
    db.select({ slug: listingPlans.slug, name: listingPlans.name }).from(listingPlans),
    db.select({ slug: listingPacks.slug, name: listingPacks.name }).from(listingPacks),
    db
      .select({ slug: subscriptionPlans.slug, name: subscriptionPlans.name })
      .from(subscriptionPlans),
  ]);
  const plan = new Map(plans.map((row) => [row.slug, row.name]));
  const pack = new Map(packs.map((row) => [row.slug, row.name]));
  const subscription = new Map(subscriptions.map((row) => [row.slug, row.name]));
  return (kind: RevenueKind, slug: string): string => {
    switch (kind) {
      case "plan":
        return plan.get(slug) ?? slug;
      case "subscription":
        return subscription.get(slug) ?? slug;
      case "pack":
        return pack.get(slug) ?? slug;
      case "upgrade":
        return `Upgrade to ${plan.get(slug) ?? slug}`;
      case "coupon":
        return slug;
      case "other":
        return "Other (a line that names no product)";
    }
  };
}

const kindOf = (value: string): RevenueKind =>
  (REVENUE_KINDS as readonly string[]).includes(value) ? (value as RevenueKind) : "other";

/** Rows in order: month, currency, then the kinds' order and the name. */
const byMonthThenProduct = (a: RevenueProductRow, b: RevenueProductRow) =>
  (a.month ?? "").localeCompare(b.month ?? "") ||
  a.currency.localeCompare(b.currency) ||
  REVENUE_KINDS.indexOf(a.kind) - REVENUE_KINDS.indexOf(b.kind) ||
  a.name.localeCompare(b.name) ||
  a.slug.localeCompare(b.slug);

const byMonth = (a: RevenueMonthRow, b: RevenueMonthRow) =>
  (a.month ?? "").localeCompare(b.month ?? "") || a.currency.localeCompare(b.currency);

const split = <T extends { month: string | null }>(rows: T[]) => ({
  rows: rows.filter((row) => row.month !== null),
  totals: rows.filter((row) => row.month === null),
});

/** `GET /api/moderation/revenue`: the report for `from`–`to` (both months included). */
export async function revenueReport(
  db: Database,
  query: { from?: string; to?: string },
  now: Date = new Date(),
): Promise<RevenueReport> {
  const { from, to } = revenueRange(query, now);
  const start = startOfMonth(from);
  const end = startOfMonth(to, 1);
  const [lines, months, nameOf] = await Promise.all([
    productSums(db, start, end, now),
    monthSums(db, start, end, now),
    productNames(db),
  ]);
  const products = lines
    .map((row) => {
      const kind = kindOf(row.product);
      return { ...sumsOf(row), kind, slug: row.slug, name: nameOf(kind, row.slug) };
    })
    .sort(byMonthThenProduct);
  return {
    from,
    to,
    products: split(products.filter((row) => row.kind !== "coupon")),
    coupons: split(products.filter((row) => row.kind === "coupon")),
    months: split(months.map(sumsOf).sort(byMonth)),
  };
}

const SUM_HEADERS = [
  "currency",
  "count",
  "net_minor",
  "tax_minor",
  "gross_minor",
  "paid_minor",
  "outstanding_minor",
  "overdue_minor",
  "refunded_minor",
  "balance_minor",
] as const;

type Sums = Pick<RevenueMonthRow, (typeof SUM_HEADERS)[number]>;
const sumCells = (row: Sums) => SUM_HEADERS.map((header) => row[header]);
/** A row's month, or "Total" for a row over the whole range. */
const monthCell = (row: { month: string | null }) => row.month ?? "Total";

/**
 * One of the report's tables as CSV: a header row, the rows by month, then the totals over the
 * range (month "Total"). Amounts in minor units, with their currency on every row.
 */
export function revenueCsv(report: RevenueReport, table: RevenueTable): string {
  if (table === "months") {
    const { rows, totals } = report.months;
    return csvLines([
      ["month", ...SUM_HEADERS],
      ...[...rows, ...totals].map((row) => [monthCell(row), ...sumCells(row)]),
    ]);
  }
  const { rows, totals } = report[table];
  return csvLines([
    ["month", "kind", "slug", "name", ...SUM_HEADERS],
    ...[...rows, ...totals].map((row) => [
      monthCell(row),
      row.kind,
      row.slug,
      row.name,
      ...sumCells(row),
    ]),
  ]);
}

/** The CSV file's name: `revenue-products-2026-01-2026-12.csv`. */
export const revenueCsvName = (report: RevenueReport, table: RevenueTable) =>
  `revenue-${table}-${report.from}-${report.to}.csv`;
