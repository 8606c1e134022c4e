/*
 * The units a job's pay is given in: shared, because lib/format.ts writes pay ("$45 – $60 an
 * hour") for every feature that shows a job. What the board makes of them (annual pay in US
 * dollars, the salary figures) is features/jobs/pay.ts, which re-exports these.
 */

/** The currencies a listing's pay can be in. */
export const SALARY_CURRENCIES = ["USD", "EUR", "GBP", "CAD", "AUD"] as const;
export type SalaryCurrency = (typeof SALARY_CURRENCIES)[number];

/** What a listing's pay is counted per. */
export const SALARY_PERIODS = ["year", "month", "hour"] as const;
export type SalaryPeriod = (typeof SALARY_PERIODS)[number];
