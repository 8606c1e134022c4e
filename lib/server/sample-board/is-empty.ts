import type { Database } from "../db/client";
import { jobs } from "../db/schema";

/*
 * Whether a database has anything to lose by seeding it, in a module of its own: every start of
 * the embedded default asks, and only an empty database loads the sample board's generator
 * (seed.ts, with its PDF and image makers; issue 48).
 */

/** True while the database has no jobs at all, i.e. nothing to lose by seeding it. */
export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const rows = await db.select({ id: jobs.id }).from(jobs).limit(1);
  return rows.length === 0;
}
