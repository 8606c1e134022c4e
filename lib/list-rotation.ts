/*
 * The hour job lists turn on (issue 61): the sponsored slots heading a list rotate with it
 * (features/jobs/ranking.ts, which re-exports these), and no cached copy of a list outlives it
 * (listCacheControl, lib/server/http/cache.ts). Pure.
 */

/** The slots turn this often: within one rotation, every page of a list agrees. */
export const ROTATION_MS = 60 * 60 * 1000;

/** The rotation a moment falls in: the hours since the epoch. */
export function rotationOf(now: Date): number {
  return Math.floor(now.getTime() / ROTATION_MS);
}

/** Whole seconds until the next rotation (at least 1): how long a list may be kept. */
export function secondsToNextRotation(now: Date): number {
  const left = ROTATION_MS - (now.getTime() % ROTATION_MS);
  return Math.max(1, Math.floor(left / 1000));
}
