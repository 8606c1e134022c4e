import type { ListingChanges } from "@/features/listings/edit-schemas";
import type { ListingState } from "@/features/listings/states";

/** Where an employer's edit of a live listing stands (the data model's values: lib/model/listings.ts). */
export { LISTING_EDIT_STATUSES, type ListingEditStatus } from "@/lib/model/listings";

/**
 * What an employer may do with a listing in each state (renewal has its own rule: isRenewable).
 * Edit: until it is closed. Fill: once it was on the board. Withdraw: before or while it is.
 */
export const LISTING_ACTION_STATES: Record<"edit" | "fill" | "withdraw", readonly ListingState[]> =
  {
    edit: ["awaiting_payment", "in_review", "not_approved", "live", "expired"],
    fill: ["live", "expired"],
    withdraw: ["awaiting_payment", "in_review", "not_approved", "live"],
  };

/** How long before its end a live listing may be renewed (its employer is mailed then too). */
export const RENEWAL_WINDOW_DAYS = 3;

/**
 * Fields a published listing may change without review: its pay. Everything else a candidate
 * decides on (what the job is, where, how to apply, the description) is material.
 */
const MINOR_FIELDS = new Set<keyof ListingChanges>([
  "salary_min",
  "salary_max",
  "salary_currency",
  "salary_period",
  // When applications close, and how the employer hears of them, are the employer's business.
  "applications_close_on",
  "applicant_mail",
]);

/**
 * How many characters a text edit may change, in one place, and still count as fixing a typo:
 * the part between the longest common start and the longest common end, on either side.
 */
const TYPO_SPAN: Partial<Record<keyof ListingChanges, number>> = {
  title: 3,
  location: 3,
  description: 12,
};

/** A link or an address: never a typo fix, wherever it is added. */
const LINK = /:\/\/|www\.|@|\]\(/;

/** The changed part of `after` (one span), and how long the change is on either side. */
function changedSpan(before: string, after: string): { length: number; added: string } {
  let start = 0;
  const shorter = Math.min(before.length, after.length);
  while (start < shorter && before[start] === after[start]) start += 1;
  let end = 0;
  while (
    end < shorter - start &&
    before[before.length - 1 - end] === after[after.length - 1 - end]
  ) {
    end += 1;
  }
  return {
    length: Math.max(before.length - start - end, after.length - start - end),
    added: after.slice(start, after.length - end),
  };
}

/** The fields whose value `after` changes. */
export function changedFields(before: ListingChanges, after: ListingChanges) {
  // Lists (the screening questions) compare by what they hold.
  const value = (field: unknown) => JSON.stringify(field ?? null);
  return (Object.keys(after) as (keyof ListingChanges)[]).filter(
    (field) => value(before[field]) !== value(after[field]),
  );
}

/**
 * Whether an edit of a published listing must be reviewed before it shows: any change beyond
 * its pay and typo-sized fixes (one short span, adding no link or address) of its title,
 * location or description.
 */
export function isMaterialChange(before: ListingChanges, after: ListingChanges): boolean {
  return changedFields(before, after).some((field) => {
    if (MINOR_FIELDS.has(field)) return false;
    const span = TYPO_SPAN[field];
    const [was, is] = [before[field], after[field]];
    if (span === undefined || typeof was !== "string" || typeof is !== "string") return true;
    const change = changedSpan(was, is);
    return change.length > span || LINK.test(change.added);
  });
}
