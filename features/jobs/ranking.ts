/*
 * How a list of jobs is ordered (issue 61): a few sponsored slots at the top of a list's first
 * page, the rest by freshness (or relevance, with a keyword). The slots rotate every hour among
 * the sponsored listings that match, by a deterministic offset, so each of them is shown as
 * often as the others; a sponsored listing outside the slots keeps its normal place. Pure: the
 * queries are features/jobs/server/sponsored-slots.ts.
 */

/** At most this many sponsored slots head a list's first page (of JOBS_PER_PAGE). */
export const SPONSORED_SLOTS = 5;

/** The slots turn with the lists' hourly rotation, shared with the lists' caches. */
export { ROTATION_MS, rotationOf, secondsToNextRotation } from "@/lib/list-rotation";

/**
 * Which of `count` sponsored listings (numbered 0 to count-1 in a stable order: by id) fill the
 * slots in `rotation`, in slot order. Rotation r shows listings r·slots, r·slots+1, ... (mod
 * count): over any `count` consecutive rotations each listing is shown exactly `slots` times
 * (when there are more listings than slots), and none waits more than ceil(count / slots)
 * rotations for its turn.
 */
export function slotIndexes(
  count: number,
  rotation: number,
  slots: number = SPONSORED_SLOTS,
): number[] {
  if (count <= 0 || slots <= 0) return [];
  const shown = Math.min(slots, count);
  const start = mod(rotation * slots, count);
  return Array.from({ length: shown }, (_, i) => (start + i) % count);
}

/** The offset of the first slot (see slotIndexes), for a query that numbers the listings. */
export function slotStart(count: number, rotation: number, slots: number = SPONSORED_SLOTS) {
  return count <= 0 ? 0 : mod(rotation * slots, count);
}

/**
 * Where a page's other jobs lie in the list without the slotted ones: page 1 holds the
 * `slotted` jobs, then the first `perPage - slotted` others; page p holds the others from
 * (p - 1)·perPage - slotted on. No job is on two pages, and the pages hold every job.
 */
export function restWindow(
  page: number,
  perPage: number,
  slotted: number,
): { offset: number; limit: number } {
  const shown = Math.min(slotted, perPage);
  if (page <= 1) return { offset: 0, limit: perPage - shown };
  return { offset: (page - 1) * perPage - shown, limit: perPage };
}

/**
 * How many slots a list paged by `perPage` has: SPONSORED_SLOTS of 20, a quarter of a smaller
 * page at most. Every page of the list reads them: page 1 shows them, the others leave them out.
 */
export function slotCount(perPage: number): number {
  return Math.min(SPONSORED_SLOTS, Math.floor(perPage / 4));
}

const mod = (a: number, n: number) => ((a % n) + n) % n;
