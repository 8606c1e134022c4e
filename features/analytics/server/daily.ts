import type { Database } from "@/lib/server/db/client";
import { snapshotAudience } from "./audience";
import { computeDepartmentMedians } from "./department-medians";
import { rollUpFunnel } from "./funnel-daily";

/**
 * The analytics' daily work: the funnel's roll-up of each finished day not built yet, the
 * audience's snapshot of the day that ended, and the departments' median listings over the
 * employer's periods to it. Run by the periodic task (queue funnel-daily, lib/server/worker) and
 * by the sample board's seed, so that a new board's made-up history is rolled up where it is
 * made: on its first run it builds up to FUNNEL_CATCH_UP_DAYS days, which on PGlite grew the
 * serving process's database memory (never given back) by some 8 MB.
 */
export async function runDailyAnalytics(db: Database, now: Date = new Date()) {
  return {
    ...(await rollUpFunnel(db, now)),
    audienceSnapshots: (await snapshotAudience(db, now)) ? 1 : 0,
    medianWindows: await computeDepartmentMedians(db, now),
  };
}
