import { sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { PERIODS_PER_YEAR, SALARY_PERIODS } from "@/features/jobs/pay";

/**
 * An amount of pay per `period` (a job's salary_period) as a yearly amount, in SQL: what a
 * salary floor ("$60k+") is compared with, so an hourly or monthly listing is filtered by what
 * it pays in a year (features/jobs/pay.ts: 12 months, 2,080 hours).
 */
export function annualPay(amount: SQL | AnyPgColumn, period: SQL | AnyPgColumn): SQL {
  const cases = SALARY_PERIODS.map(
    (p) => sql`when ${sql.raw(`'${p}'`)} then ${sql.raw(String(PERIODS_PER_YEAR[p]))}`,
  );
  return sql`(${amount} * case ${period} ${sql.join(cases, sql` `)} end)`;
}
