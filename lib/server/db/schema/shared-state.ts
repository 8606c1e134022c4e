import { bigint, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/* State every instance shares through the database: the schedule, rate limits, secrets. */

/**
 * Periodic work (lib/server/worker): when each task is next due. Every process ticks; a run
 * happens in the one whose update moves next_run_at on first, so once across all instances.
 */
export const scheduledTasks = pgTable("scheduled_tasks", {
  name: text("name").primaryKey(),
  nextRunAt: timestamp("next_run_at", { withTimezone: true }).notNull(),
  /** When the last run was claimed. */
  lastRunAt: timestamp("last_run_at", { withTimezone: true }),
});

/**
 * Rate limit counters shared by every instance on PostgreSQL: rate-limiter-flexible's
 * RateLimiterPostgres table (lib/server/http/rate-limit.ts), made here rather than by the
 * library at run time, so instances starting together do not race to create it. `expire` is
 * in milliseconds since the epoch; expired rows are deleted every few minutes.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    points: integer("points").notNull().default(0),
    expire: bigint("expire", { mode: "number" }),
  },
  (t) => [index("rate_limits_expire_idx").on(t.expire)],
);

/**
 * Secrets the app makes for itself, one per name, the same for every instance on the database:
 * the first instance to need one inserts it (on conflict, nothing) and every instance reads the
 * row that won. No configuration to share between instances, and nothing to rotate by hand.
 */
export const appSecrets = pgTable("app_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
});
