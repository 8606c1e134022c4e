/**
 * A remote job: in the board's Remote region, or one whose location starts "Remote". Its own
 * module, so forms can ask without loading the country lists of features/jobs/locations.ts.
 */
export const isRemoteJob = (region: string | undefined, location: string) =>
  region === "remote" || /^\s*remote\b/i.test(location);

/**
 * Whether a listing edit sends the place its form shows. An on-site job's address follows its
 * location: a new location (or region) with the address fields left as they were is read again
 * from its words, so the place is not sent. A remote job's countries rarely show in its label:
 * they are always sent as chosen, as is an address the employer touched.
 */
export function sendsPlace(
  job: { location: string; region: string },
  before: { location: string; region: string },
  addressTouched: boolean,
): boolean {
  const moved = job.location !== before.location || job.region !== before.region;
  return !moved || addressTouched || isRemoteJob(job.region, job.location);
}

/** The field a remote job's countries are asked in, as the API names its errors. */
export const REMOTE_COUNTRIES_FIELD = "place.remote_countries";

/** Why a remote job must name the countries applicants may live in, as its field error says. */
export const REMOTE_COUNTRIES_REQUIRED =
  "Choose the countries applicants may live in: Google's job search lists a remote job only with them";

/**
 * Whether a job is remote and names no country applicants may live in (`countries` as chosen or
 * read from its words; null or undefined: not known here). Google has no value for "anywhere",
 * so such a job is left out of its job search: the API refuses it (issue 26).
 */
export const lacksRemoteCountries = (
  job: { region?: unknown; location?: unknown },
  countries: readonly string[] | null | undefined,
) =>
  typeof job.location === "string" &&
  isRemoteJob(typeof job.region === "string" ? job.region : undefined, job.location) &&
  Array.isArray(countries) &&
  countries.length === 0;
