import { and, asc, gt, isNull } from "drizzle-orm";
import { jobPlaceOf } from "@/features/jobs/server/job-place";
import type { Database } from "@/lib/server/db/client";
import { jobs } from "@/lib/server/db/schema";
import { editListingFields } from "./listing-state";

/*
 * Jobs' places as data (migration 0015), derived from their words for rows written without them:
 * stored through listing-state.ts, the jobs table's one writer. Run as the database opens
 * (lib/server/start/app-database.ts).
 */

/** Rows derived per statement batch. */
const BACKFILL_BATCH = 500;

/** The jobs whose place was never derived: all four columns null. */
const underived = and(
  isNull(jobs.remoteCountries),
  isNull(jobs.addressLocality),
  isNull(jobs.addressRegion),
  isNull(jobs.addressCountry),
);

/**
 * The next batch of such jobs after id `after`, in id order. Read from their own partial index
 * (jobs_place_underived_idx, migration 0059), which is empty once every place is derived.
 */
export const underivedBatch = (db: Database, after: number) =>
  db
    .select({ id: jobs.id, location: jobs.location, region: jobs.region })
    .from(jobs)
    .where(and(underived, gt(jobs.id, after)))
    .orderBy(asc(jobs.id))
    .limit(BACKFILL_BATCH);

/**
 * Derives the place of every job whose place was never derived (all four columns null: written
 * before migration 0015, or by code that sets only `location`), in batches by id. Cheap when
 * there is none: one look at an empty index. Returns how many jobs it filled in.
 */
export async function backfillJobPlaces(db: Database): Promise<number> {
  let filled = 0;
  let after = 0;
  for (;;) {
    const rows = await underivedBatch(db, after);
    if (rows.length === 0) return filled;
    await db.transaction(async (tx) => {
      for (const row of rows) {
        await editListingFields(tx, row.id, jobPlaceOf(row.location, row.region));
      }
    });
    filled += rows.length;
    after = rows.at(-1)!.id;
  }
}
