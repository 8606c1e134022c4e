import { and, asc, gt, isNull, sql } from "drizzle-orm";
import { subdivisionLabel } from "@/features/jobs/locations";
import type { JobDetail } from "@/features/jobs/types";
import { REMOTE_COUNTRIES_FIELD, REMOTE_COUNTRIES_REQUIRED } from "@/features/jobs/remote-job";
import type { Database } from "@/lib/server/db/client";
import { jobs } from "@/lib/server/db/schema";
import { InvalidInput } from "@/lib/server/errors";
import { jobPlaceOf, type JobPlace } from "./job-place";
import { editListingFields } from "@/features/listings/server/listing-state";

/** The columns a job's place is read from (JobPlace), for a select. */
export const placeColumns = {
  remoteCountries: jobs.remoteCountries,
  addressLocality: jobs.addressLocality,
  addressRegion: jobs.addressRegion,
  addressCountry: jobs.addressCountry,
};

/**
 * A job row's place as stored; a row not derived yet (written since the start's backfill by code
 * that sets only `location`) is read from its words.
 */
export function placeOfRow(row: JobPlace & { location: string; region: string }): JobPlace {
  const { remoteCountries, addressLocality, addressRegion, addressCountry } = row;
  const stored = { remoteCountries, addressLocality, addressRegion, addressCountry };
  return Object.values(stored).every((value) => value === null)
    ? jobPlaceOf(row.location, row.region)
    : stored;
}

/**
 * Refuses a remote job that names no country applicants may live in (as chosen, or read from
 * its words): a 422 on the countries' field, before anything is stored. Google lists a remote
 * job only with them (features/jobs/remote-job.ts lacksRemoteCountries says so to forms).
 */
export function requireRemoteCountries(place: JobPlace): JobPlace {
  if (place.remoteCountries?.length === 0) {
    throw new InvalidInput({ [REMOTE_COUNTRIES_FIELD]: [REMOTE_COUNTRIES_REQUIRED] });
  }
  return place;
}

/**
 * A stored remote job that names no country (open "anywhere", stored before the rule above):
 * Google's job search leaves it out, so its employer and the moderators are shown it.
 */
export const lacksCountries = sql<boolean>`coalesce(cardinality(${jobs.remoteCountries}) = 0, false)`;

/** A place in the API's shape (JobPlace in the OpenAPI document), as a job's page answers it. */
export function placeAnswer(place: JobPlace): JobDetail["place"] {
  return {
    remote_countries: place.remoteCountries,
    address_locality: place.addressLocality,
    address_region: place.addressRegion,
    address_region_label: place.addressRegion && subdivisionLabel(place.addressRegion),
    address_country: place.addressCountry,
  };
}

/** Rows derived per statement batch. */
const BACKFILL_BATCH = 500;

/**
 * Derives the place of every job whose place was never derived (all four columns null: written
 * before migration 0015, or by code that sets only `location`), in batches by id. Cheap when
 * there is none: one read of at most one row. Returns how many jobs it filled in.
 */
export async function backfillJobPlaces(db: Database): Promise<number> {
  const underived = and(
    isNull(jobs.remoteCountries),
    isNull(jobs.addressLocality),
    isNull(jobs.addressRegion),
    isNull(jobs.addressCountry),
  );
  let filled = 0;
  let after = 0;
  for (;;) {
    const rows = await db
      .select({ id: jobs.id, location: jobs.location, region: jobs.region })
      .from(jobs)
      .where(and(underived, gt(jobs.id, after)))
      .orderBy(asc(jobs.id))
      .limit(BACKFILL_BATCH);
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
