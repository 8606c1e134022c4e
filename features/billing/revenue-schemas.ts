// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import { z } from "zod";
import { PRODUCT_KINDS } from "@/lib/model/billing";
import { single } from "@/lib/validation/fields";

/*
 * The owner's revenue report (issue 63): what each plan, pack, upgrade, coupon (and, once they
 * are sold, each subscription) brought in, by calendar month in UTC, from the invoices issued in
 * it and the credit notes issued in it. Browser-safe: /review/revenue reads these shapes, and
 * server/revenue.ts makes them. Amounts are integers in the currency's minor unit.
 */

/** `2026-03`: a calendar month, as the report's range and rows name it. */
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
/** The longest range one report covers, in months. */
export const REVENUE_MAX_MONTHS = 120;
/** How many months a report covers when it is not told: the last 12, this one included. */
export const REVENUE_DEFAULT_MONTHS = 12;

/** The report's tables, each downloadable as CSV. */
export const REVENUE_TABLES = ["products", "coupons", "months"] as const;
export type RevenueTable = (typeof REVENUE_TABLES)[number];

/** Months since year 0, to compare and count them. */
export const monthIndex = (month: string) =>
  Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;

/** `2026-03` of a date, in UTC. */
export const monthOf = (date: Date) =>
  `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, "0")}`;

/** The first instant of a month (`2026-03`) in UTC; of the month `after` months later. */
export const startOfMonth = (month: string, after = 0) => {
  const index = monthIndex(month) + after;
  return new Date(Date.UTC(Math.floor(index / 12), index % 12, 1));
};

/** The range a report covers when not told: a missing end is this month, a missing start the 11 months before the end. */
export function defaultRange(range: { from?: string; to?: string }, now: Date = new Date()) {
  const to = range.to ?? monthOf(now);
  const from = range.from ?? monthOf(startOfMonth(to, 1 - REVENUE_DEFAULT_MONTHS));
  return { from, to };
}

const month = (which: string) =>
  single(z.string().regex(MONTH_PATTERN, `Give the ${which} month as YYYY-MM, like 2026-03`));

const range = {
  from: month("first"),
  to: month("last"),
};

/** What is wrong with a range (`to`'s field error), or null when it is one. */
export function rangeProblem(from: string, to: string): string | null {
  const span = monthIndex(to) - monthIndex(from) + 1;
  if (span < 1) return "End the range on or after its start";
  if (span > REVENUE_MAX_MONTHS) return `Keep the range to ${REVENUE_MAX_MONTHS} months or fewer`;
  return null;
}

/** A range whose ends are in order and not too far apart; a missing end is the server's. */
const checkRange = (
  value: { from?: string | undefined; to?: string | undefined },
  ctx: z.RefinementCtx,
) => {
  const problem = value.from && value.to ? rangeProblem(value.from, value.to) : null;
  if (problem) ctx.addIssue({ code: "custom", path: ["to"], message: problem });
};

export const revenueQuerySchema = z.strictObject(range).superRefine(checkRange);

export const revenueCsvQuerySchema = z
  .strictObject({
    ...range,
    table: single(z.enum(REVENUE_TABLES, "Choose products, coupons or months")).default("products"),
  })
  .superRefine(checkRange);

/** What a row sold: a product kind of the lines, or "other" for a line that names none. */
export const REVENUE_KINDS = [...PRODUCT_KINDS, "other"] as const;
export type RevenueKind = (typeof REVENUE_KINDS)[number];

const minor = z.int();

/**
 * The sums of a row. `gross_minor` is `net_minor` + `tax_minor` of the invoices issued;
 * `paid_minor` is the part of it paid since, `outstanding_minor` the part still due (the rest was
 * cancelled unpaid by a credit note); `refunded_minor` is what the credit notes issued in the
 * month took back (gross, positive: negative on a discount's row, whose refund gives the
 * discount back); `balance_minor` = `gross_minor` − `refunded_minor`.
 */
const sums = {
  currency: z.string(),
  count: z.int().min(0),
  net_minor: minor,
  tax_minor: minor,
  gross_minor: minor,
  paid_minor: minor,
  outstanding_minor: minor,
  /** The part of `outstanding_minor` past its due date when the report was read. */
  overdue_minor: minor,
  refunded_minor: minor,
  balance_minor: minor,
};

/** A product's (or coupon's) sums: per month, or (`month` null) over the whole range. */
export const revenueProductRowSchema = z.strictObject({
  month: z.string().nullable(),
  kind: z.enum(REVENUE_KINDS),
  /** The plan's, pack's or upgrade's plan's slug; a coupon's code; "" for "other". */
  slug: z.string(),
  /** As the offer names it now ("Upgrade to Featured" for an upgrade; a coupon's code). */
  name: z.string(),
  ...sums,
});
export type RevenueProductRow = z.infer<typeof revenueProductRowSchema>;

/** A month's sums over everything invoiced (`count`: invoices), or (`month` null) the range's. */
export const revenueMonthRowSchema = z.strictObject({ month: z.string().nullable(), ...sums });
export type RevenueMonthRow = z.infer<typeof revenueMonthRowSchema>;

const table = <T extends z.ZodType>(row: T) =>
  z.strictObject({
    rows: z.array(row),
    /** One row per currency (and product) over the whole range: `month` null. */
    totals: z.array(row),
  });

export const revenueReportSchema = z.strictObject({
  from: z.string(),
  to: z.string(),
  /** Plans, packs, upgrades (and subscriptions): each product line of the invoices. */
  products: table(revenueProductRowSchema),
  /** Each coupon's discount lines, by code: negative amounts, as the invoices have them. */
  coupons: table(revenueProductRowSchema),
  /** Whole invoices and credit notes by month: the products' and coupons' rows add up to these. */
  months: table(revenueMonthRowSchema),
});
export type RevenueReport = z.infer<typeof revenueReportSchema>;
