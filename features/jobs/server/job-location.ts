import { sql } from "drizzle-orm";
import { subdivisionLabel } from "@/features/jobs/locations";
import type { JobDetail } from "@/features/jobs/types";
import { REMOTE_COUNTRIES_FIELD, REMOTE_COUNTRIES_REQUIRED } from "@/features/jobs/remote-job";
import { jobs } from "@/lib/server/db/schema";
import { InvalidInput } from "@/lib/server/errors";
import { jobPlaceOf, type JobPlace } from "./job-place";

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
