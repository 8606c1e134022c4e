import type { SalaryPeriod } from "@/lib/model/jobs";
import { DEPARTMENTS, JOB_TYPES, REGIONS, type TaxonomyEntry } from "@/lib/taxonomy";

const labelOf = (entries: readonly TaxonomyEntry[], slug: string) =>
  entries.find((entry) => entry.slug === slug)?.label ?? slug;

export const departmentLabel = (slug: string) => labelOf(DEPARTMENTS, slug);
export const regionLabel = (slug: string) => labelOf(REGIONS, slug);
export const jobTypeLabel = (slug: string) => labelOf(JOB_TYPES, slug);

/** How people write each currency the board takes before an amount: "£38k", "CA$90k". */
const CURRENCY_SYMBOLS: Record<string, string> = {
  USD: "$",
  EUR: "€",
  GBP: "£",
  CAD: "CA$",
  AUD: "A$",
};
const symbolOf = (currency: string) => CURRENCY_SYMBOLS[currency] ?? `${currency} `;

const compact = (amount: number) =>
  amount >= 1000 ? `${Math.round(amount / 1000)}k` : String(amount);

const PER: Record<SalaryPeriod, string> = { year: "a year", month: "a month", hour: "an hour" };

/**
 * "$80k – $110k a year", "From $60k a year", "$45 – $60 an hour", or null when the pay is not
 * disclosed.
 */
export function formatSalary(
  min: number | null,
  max: number | null,
  currency = "USD",
  period: SalaryPeriod = "year",
): string | null {
  const symbol = symbolOf(currency);
  if (min !== null && max !== null && min !== max)
    return `${symbol}${compact(min)} – ${symbol}${compact(max)} ${PER[period]}`;
  if (min !== null || max !== null) {
    const amount = (min ?? max)!;
    return `${min !== null && max === null ? "From " : ""}${symbol}${compact(amount)} ${PER[period]}`;
  }
  return null;
}

const dateFormat = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});

/** A calendar date that reads the same on the server and in every browser: "Oct 12, 2025". */
export const formatDate = (iso: string) => dateFormat.format(new Date(iso));

// Formatters are made once: making one costs far more than using it, and lists format hundreds.
const countFormat = new Intl.NumberFormat("en-US");

export const formatCount = (count: number) => countFormat.format(count);

/** A yearly amount in thousands, in `currency`: "$86k", "£58k". */
export const formatThousands = (amount: number, currency: string) =>
  `${symbolOf(currency)}${formatCount(Math.round(amount / 1000))}k`;

/** A yearly amount in thousands of dollars: "$86k". */
export const formatThousandsUsd = (amount: number) => formatThousands(amount, "USD");

/** A salary floor as filters and preferences name it: "$100k+". */
export const formatSalaryFloor = (amount: number) => `${formatThousandsUsd(amount)}+`;
