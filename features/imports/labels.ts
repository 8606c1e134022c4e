/*
 * The import screens' words and limits (issue 46), without zod: the browser's pages read them
 * from here, and features/imports/schemas.ts builds its schemas on them.
 */

import type { SkipReason } from "@/lib/model/imports";

/** Why a job of a source is not on the board (the data model's values: lib/model/imports.ts). */
export { SKIP_REASONS, type SkipReason } from "@/lib/model/imports";

/** Live imported listings a company may have, all its sources together. */
export const IMPORTED_LISTINGS_MAX = 500;

export const SKIP_REASON_LABELS: Record<SkipReason, string> = {
  unlisted: "Unlisted or a draft",
  not_chosen: "Outside the departments or locations chosen",
  needs_countries: "Needs countries",
  unknown_department: "Department not recognised",
  unknown_place: "Location not recognised",
  invalid: "Does not pass the board's rules",
  over_limit: `Over the ${IMPORTED_LISTINGS_MAX} live imported listings allowed`,
};
