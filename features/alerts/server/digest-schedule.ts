import { sql, type SQL } from "drizzle-orm";
import type { Database } from "@/lib/server/db/client";
import type { MailMessage } from "@/lib/server/mail/messages";
import type { AlertFrequency } from "@/features/account/constants";

/*
 * When a candidate's digest is due, as pure functions of an injected clock: daily digests at
 * 8:00 in the candidate's time zone, weekly ones on Mondays at 8:00. A digest is due once the
 * most recent such moment has passed since the last one went out. The alert run asks the same
 * question in SQL for every candidate at once (dueCondition, below); these functions say the
 * same thing for one candidate, and the tests hold the two to each other.
 */

/** The local hour alerts go out at. */
export const ALERT_HOUR = 8;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * How far before the last digest the next one starts looking. A job published (by the clock of
 * the instance that approved it) just before a run, but committed just after that run read the
 * board, would otherwise fall between two digests; alert_sent_jobs keeps the overlap from
 * sending anything twice.
 */
export const DIGEST_OVERLAP = HOUR;

/** How far back a first digest looks, with no digest before it to start from. */
export const FIRST_DIGEST_LOOKBACK: Record<"daily" | "weekly", number> = {
  daily: DAY,
  weekly: 7 * DAY,
};

// Making a formatter costs far more than using one, and a run asks about a few zones many times.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** What a clock in `timeZone` reads at `at`, as milliseconds on a UTC calendar. */
function wallClock(at: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(at)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return (
    Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!) +
    (at % 1000)
  );
}

/**
 * The moment a clock in `timeZone` reads `wall`. The zone's offset is taken at a first guess and
 * again at the moment that gives, which settles it everywhere but in the hour a clock skips or
 * repeats (never 8:00 in any zone today).
 */
function instantOf(wall: number, timeZone: string): number {
  const first = wall - (wallClock(wall, timeZone) - wall);
  return wall - (wallClock(first, timeZone) - first);
}

/**
 * The most recent moment at or before `now` when a digest of `frequency` falls due in
 * `timeZone`: today's 8:00 there if it has struck, else yesterday's; for weekly, the Monday 8:00
 * of this alert week.
 */
export function lastAlertBoundary(
  now: Date,
  timeZone: string,
  frequency: "daily" | "weekly",
): Date {
  // Counted from 8:00, a local "alert day" starts at midnight, so flooring to the day finds it.
  const shifted = wallClock(now.getTime(), timeZone) - ALERT_HOUR * HOUR;
  let day = Math.floor(shifted / DAY) * DAY;
  if (frequency === "weekly") {
    const sinceMonday = (new Date(day).getUTCDay() + 6) % 7;
    day -= sinceMonday * DAY;
  }
  return new Date(instantOf(day + ALERT_HOUR * HOUR, timeZone));
}

/** Whether a candidate's digest is due at `now`. */
export function isAlertDue(options: {
  now: Date;
  timeZone: string;
  frequency: AlertFrequency;
  /** When the run last claimed them; null if it never has. */
  lastSentAt: Date | null;
}): boolean {
  const { now, timeZone, frequency, lastSentAt } = options;
  if (frequency === "never") return false;
  if (lastSentAt === null) return true;
  return lastSentAt < lastAlertBoundary(now, timeZone, frequency);
}

/** The columns a due alert is judged by: when it was last claimed, how often, in which zone. */
export type AlertClock = { sentAt: SQL; frequency: SQL; timeZone: SQL };

const PREFERENCES_CLOCK: AlertClock = {
  sentAt: sql`p.alerts_sent_at`,
  frequency: sql`p.alert_frequency`,
  timeZone: sql`p.time_zone`,
};

/**
 * Whether an alert is due at `now` (preferences row `p`'s, unless told otherwise): the last local
 * 8:00 (Monday 8:00 for weekly) in its time zone has passed since it was last claimed.
 * lastAlertBoundary, in SQL. Saved searches' alerts are judged by it too.
 */
export function dueCondition(now: SQL, { sentAt, frequency, timeZone } = PREFERENCES_CLOCK): SQL {
  return sql`(${sentAt} is null or ${sentAt} <
    ((date_trunc(case ${frequency} when 'daily' then 'day' else 'week' end,
                 (${now} at time zone ${timeZone}) - make_interval(hours => ${ALERT_HOUR}))
      + make_interval(hours => ${ALERT_HOUR})) at time zone ${timeZone}))`;
}

/** How an alert run (preferences digests, saved searches) is told to run. */
export type AlertRunOptions = {
  /** The run's clock: what is due, what is new and what is open are all judged at `now`. */
  now: Date;
  /** Everyone with alerts on is due, whatever the hour (an operator's run). */
  force?: boolean;
  /** People claimed per transaction. */
  batchSize?: number;
  /** Queues a batch's mail, inside the transaction that claims the batch. */
  enqueue: (tx: Database, messages: MailMessage[]) => Promise<void>;
};
