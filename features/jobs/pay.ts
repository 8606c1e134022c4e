/*
 * What a listing pays, made comparable: every range as annual base pay in US dollars. A job's pay
 * fields (its currencies and periods) are part of the job model, so these rules live with it; the
 * salary pages (features/salaries/server) put listings in different currencies and periods side by
 * side with them, and say which rates they used and of when.
 */

import type { SalaryCurrency, SalaryPeriod } from "@/lib/model/jobs";

/** The currencies a listing's pay can be in (the data model's values: lib/model/jobs.ts). */
export { SALARY_CURRENCIES, type SalaryCurrency } from "@/lib/model/jobs";

/** What a listing's pay is counted per (the data model's values: lib/model/jobs.ts). */
export { SALARY_PERIODS, type SalaryPeriod } from "@/lib/model/jobs";

/**
 * How many of a period make a year of full-time work: twelve months, or 2,080 hours (40 hours a
 * week for 52 weeks, the usual rule for annualising an hourly rate).
 */
export const PERIODS_PER_YEAR: Record<SalaryPeriod, number> = { year: 1, month: 12, hour: 2_080 };

/**
 * The rates every figure is converted at: US dollars for one unit of each currency. Fixed, so
 * that a figure does not move with the markets from one hour to the next, and shown beside the
 * figures with their date. Reviewed by hand (mid-market rates, rounded to the cent): update the
 * date with the rates.
 */
export const EXCHANGE_RATES = {
  date: "2026-11-02",
  usdPer: { USD: 1, EUR: 1.16, GBP: 1.32, CAD: 0.71, AUD: 0.65 },
} as const satisfies { date: string; usdPer: Record<SalaryCurrency, number> };

/** The currency every salary figure is given in. */
export const FIGURES_CURRENCY = "USD" satisfies SalaryCurrency;

/** A figure built on fewer listings is not shown: "not enough listings yet". */
export const MIN_LISTINGS = 5;

/** An amount of pay per `period` in `currency`, as annual US dollars (unrounded). */
export function annualUsd(amount: number, period: SalaryPeriod, currency: SalaryCurrency): number {
  return amount * PERIODS_PER_YEAR[period] * EXCHANGE_RATES.usdPer[currency];
}

/**
 * A listing's pay as the figures count it: the middle of its range (or its one end), as annual
 * US dollars; null when it shows no pay. (features/salaries/server/salary-figures.ts does the same
 * in SQL.)
 */
export function listingMiddle(
  min: number | null,
  max: number | null,
  period: SalaryPeriod,
  currency: SalaryCurrency,
): number | null {
  if (min === null && max === null) return null;
  return annualUsd(((min ?? max)! + (max ?? min)!) / 2, period, currency);
}
