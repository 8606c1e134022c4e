import { integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/* What listings pay, recomputed by a periodic task. */

/**
 * What listings pay, by role, region and type (features/salaries/server): recomputed from the
 * listings by a periodic task, not per request. An empty department, region or type stands for
 * all of them; an empty quarter for the last twelve months, else the quarter ("2026-Q3"). Pay is
 * annual base pay in US dollars (features/jobs/pay.ts): the 25th, 50th and 75th percentiles of
 * the listings' midpoints, and the lowest and highest pay any of them offers; all null when
 * fewer than MIN_LISTINGS listings are behind them.
 */
export const salaryFigures = pgTable(
  "salary_figures",
  {
    department: text("department").notNull(),
    region: text("region").notNull(),
    type: text("type").notNull(),
    quarter: text("quarter").notNull(),
    listings: integer("listings").notNull(),
    p25: integer("p25"),
    median: integer("median"),
    p75: integer("p75"),
    low: integer("low"),
    high: integer("high"),
    computedAt: timestamp("computed_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.department, t.region, t.type, t.quarter] })],
);
