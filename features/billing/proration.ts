/*
 * Proration of employer subscriptions (issue 63), in whole minor units: shared by the server's
 * changes of plan and the billing page's estimate of what a change costs now.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The price of the rest of a period on a dearer plan, in whole minor units: the difference of
 * the two plans' prices × the whole days left (a day begun counts) ÷ the period's days, rounded
 * half up. Integers throughout: (2 × diff × left + days) ÷ (2 × days), floored.
 */
export function prorationMinor(diffMinor: number, periodDays: number, daysLeft: number): number {
  if (diffMinor <= 0 || daysLeft <= 0 || periodDays <= 0) return 0;
  const left = Math.min(daysLeft, periodDays);
  return Math.floor((2 * diffMinor * left + periodDays) / (2 * periodDays));
}

/** A period's whole days, and the days left of it at `now` (a day begun counts). */
export function periodDays(start: Date, end: Date, now: Date) {
  const days = Math.round((end.getTime() - start.getTime()) / DAY_MS);
  const left = Math.max(0, Math.ceil((end.getTime() - now.getTime()) / DAY_MS));
  return { days, left: Math.min(left, days) };
}
