import { ANALYTICS_DEFAULT_DAYS } from "@/features/analytics/analytics-schemas";

/*
 * Ranges of UTC days as the analytics screens choose them (the owner's dashboard and an
 * employer's funnel): both ends counted, written YYYY-MM-DD as the API takes them.
 */

const DAY_MS = 86_400_000;

/** The UTC day of a time: 2026-11-23. */
export const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

/** A day's first millisecond. */
const timeOf = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** Days from `from` to `to`, both counted. */
export const daysBetween = (from: string, to: string) =>
  Math.round((timeOf(to) - timeOf(from)) / DAY_MS) + 1;

/** The day `days` after `day` (before, when negative). */
export const dayAfter = (day: string, days: number) => dayOf(timeOf(day) + days * DAY_MS);

/** The last `days` UTC days, today included. */
export function lastDays(days: number, now = Date.now()): { from: string; to: string } {
  const to = dayOf(now);
  return { from: dayAfter(to, -(days - 1)), to };
}

/** The ranges offered in one click. */
export const RANGE_PRESETS = [
  { label: "Last 7 days", days: ANALYTICS_DEFAULT_DAYS },
  { label: "Last 30 days", days: 30 },
  { label: "Last 12 months", days: 365 },
] as const;

/** The periods an employer's funnel offers; the board's medians are kept for these (server). */
export const EMPLOYER_PERIODS = [
  ...RANGE_PRESETS.filter((preset) => preset.days !== 365),
  { label: "Last 90 days", days: 90 },
  ...RANGE_PRESETS.filter((preset) => preset.days === 365),
] as const;
