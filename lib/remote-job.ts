/**
 * A remote job: in the board's Remote region, or one whose location starts "Remote". Its own
 * module, so forms can ask without loading the country lists of lib/locations.ts.
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
