import { ANALYTICS_DEFAULT_DAYS, ANALYTICS_MAX_DAYS } from "@/features/analytics/analytics-schemas";
import { InvalidInput } from "@/lib/server/errors";
import { addDays, utcDay } from "@/lib/server/stats/visitor-counts";

/*
 * A report's range of UTC days (both ends included), and the period of the same length just
 * before it, which every figure is compared with.
 */

export type DayRange = { from: string; to: string };
export type ReportRange = DayRange & { previous: DayRange; days: number };

/** Days from `from` to `to`, both included (0 or less when backwards). */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** Each day of a range, in order. */
export const daysOf = ({ from, to }: DayRange): string[] =>
  Array.from({ length: Math.max(0, daysBetween(from, to)) }, (_, i) => addDays(from, i));

/**
 * The range asked for: a missing end is today (UTC), a missing start the `defaultDays` ending
 * there; 422 on `to` when the range is backwards or over ANALYTICS_MAX_DAYS days. A day the
 * pattern allows but the calendar lacks (2026-02-30) is refused on its own field.
 */
export function analyticsRange(
  query: { from?: string; to?: string },
  now: Date = new Date(),
  defaultDays: number = ANALYTICS_DEFAULT_DAYS,
): ReportRange {
  for (const field of ["from", "to"] as const) {
    const value = query[field];
    const time = value === undefined ? 0 : Date.parse(`${value}T00:00:00Z`);
    if (value !== undefined && (Number.isNaN(time) || utcDay(new Date(time)) !== value)) {
      throw new InvalidInput({ [field]: ["Give a day the calendar has"] });
    }
  }
  const to = query.to ?? utcDay(now);
  const from = query.from ?? addDays(to, 1 - defaultDays);
  const days = daysBetween(from, to);
  if (days < 1) throw new InvalidInput({ to: ["End the range on or after its start"] });
  if (days > ANALYTICS_MAX_DAYS) {
    throw new InvalidInput({ to: [`Keep the range to ${ANALYTICS_MAX_DAYS} days or fewer`] });
  }
  const previous = { from: addDays(from, -days), to: addDays(from, -1) };
  return { from, to, previous, days };
}

/** The instant a UTC day starts, as an ISO timestamp for SQL. */
export const startOf = (day: string) => `${day}T00:00:00.000Z`;
/** The instant just after a UTC day, as an ISO timestamp for SQL. */
export const endOf = (day: string) => `${addDays(day, 1)}T00:00:00.000Z`;
