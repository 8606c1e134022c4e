import { and, count, eq, gte, sql } from "drizzle-orm";
import type { ListingEvent } from "@/features/listings/events";
import type { ListingStats, ListingStatsDay } from "@/features/listings/stats-schemas";
import type { Database } from "@/lib/server/db/client";
import { jobApplications, jobs, listingStats } from "@/lib/server/db/schema";
import { notFound } from "@/lib/server/errors";
import type { RateLimit } from "@/lib/server/http/rate-limit";
import {
  addDays,
  anonymousVisitor,
  countingDay,
  countOnce,
  countsVisitsOf,
  utcDay,
  type StatColumn,
} from "@/lib/server/stats/visitor-counts";
import { isListed } from "@/features/jobs/server/jobs";

/*
 * Listing statistics: per listing per UTC day, its views, apply clicks, saves and not-interested
 * marks (table listing_stats), counted on the server, each once per visitor per day
 * (lib/server/stats/visitor-counts, which forgets who was counted); and, read beside them, the
 * applications it received on the board (job_applications), each by its day. Crawlers (by their
 * User-Agent) and requests without one are not counted.
 */

const EVENT_COLUMNS: Record<ListingEvent, StatColumn> = { view: "views", apply: "applyClicks" };

/**
 * Events taken per address: a person reads a few job pages a minute; more than this is a script,
 * whose events would only fill the table of visitor marks.
 */
export const LISTING_EVENT_LIMIT: RateLimit = {
  name: "listing-events",
  points: 60,
  seconds: 60,
  message: "Too many page events from your network.",
};

/** The days the employer's chart shows, today included. */
export const STATS_DAYS = 30;

/**
 * Counts a job page's event (a view, an apply click) from a visitor, once a day. 404 when the
 * job is not open; false when not counted (a crawler, no User-Agent, counted already today).
 */
export async function recordListingEvent(
  db: Database,
  input: {
    jobId: number;
    event: ListingEvent;
    address: string;
    userAgent: string | undefined;
    now?: Date;
  },
): Promise<boolean> {
  const now = input.now ?? new Date();
  const [job] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.id, input.jobId), isListed(now)));
  if (!job) throw notFound("There is no open job with that id");
  const { userAgent } = input;
  if (!countsVisitsOf(userAgent)) return false;
  const day = await countingDay(db, now);
  // One statement (the mark and the figure together): no transaction needed.
  return countOnce(db, day, {
    jobId: input.jobId,
    column: EVENT_COLUMNS[input.event],
    visitor: anonymousVisitor(input.address, userAgent),
  });
}

const ZERO = { views: 0, apply_clicks: 0, saves: 0, not_interested: 0, applications: 0 };

/** An application's UTC day, as listing_stats.day is written. */
const applicationDay = sql<string>`to_char(${jobApplications.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;

/**
 * A listing's figures: totals since it was posted, and each day from `since` (clamped to the
 * last STATS_DAYS) to today, zeros on days nothing was counted. Beside the counted figures, the
 * applications received on the board (job_applications) by the UTC day they came, withdrawn
 * ones too (the totals also say how many of them were withdrawn since); none for a listing that
 * never took applications on the board (apply_method says how it takes them now).
 */
export async function readListingStats(
  db: Database,
  jobId: number,
  since: Date,
  now: Date = new Date(),
): Promise<ListingStats> {
  const today = utcDay(now);
  const first = [utcDay(since), addDays(today, 1 - STATS_DAYS)].sort().at(-1)!;
  const figures = {
    views: listingStats.views,
    apply_clicks: listingStats.applyClicks,
    saves: listingStats.saves,
    not_interested: listingStats.notInterested,
  };
  const [totals, rows, applicationTotals, applicationDays, [listing]] = await Promise.all([
    db
      .select({
        views: sql<number>`coalesce(sum(${listingStats.views}), 0)`.mapWith(Number),
        apply_clicks: sql<number>`coalesce(sum(${listingStats.applyClicks}), 0)`.mapWith(Number),
        saves: sql<number>`coalesce(sum(${listingStats.saves}), 0)`.mapWith(Number),
        not_interested: sql<number>`coalesce(sum(${listingStats.notInterested}), 0)`.mapWith(
          Number,
        ),
      })
      .from(listingStats)
      .where(eq(listingStats.jobId, jobId)),
    db
      .select({ day: listingStats.day, ...figures })
      .from(listingStats)
      .where(and(eq(listingStats.jobId, jobId), gte(listingStats.day, first))),
    db
      .select({
        applications: count(),
        withdrawn: count(jobApplications.withdrawnAt),
      })
      .from(jobApplications)
      .where(eq(jobApplications.jobId, jobId)),
    db
      .select({ day: applicationDay, applications: count() })
      .from(jobApplications)
      .where(
        and(
          eq(jobApplications.jobId, jobId),
          gte(jobApplications.createdAt, new Date(`${first}T00:00:00Z`)),
        ),
      )
      .groupBy(applicationDay),
    db.select({ applyMethod: jobs.applyMethod }).from(jobs).where(eq(jobs.id, jobId)),
  ]);
  const byDay = new Map(rows.map((row) => [row.day, row]));
  const receivedOn = new Map(applicationDays.map((row) => [row.day, row.applications]));
  const days: ListingStatsDay[] = [];
  for (let day = first; day <= today; day = addDays(day, 1)) {
    days.push({ ...ZERO, ...byDay.get(day), applications: receivedOn.get(day) ?? 0, day });
  }
  const received = applicationTotals[0];
  return {
    listing_id: jobId,
    apply_method: listing?.applyMethod ?? "link",
    totals: {
      ...ZERO,
      ...totals[0],
      applications: received?.applications ?? 0,
      applications_withdrawn: received?.withdrawn ?? 0,
    },
    days,
  };
}
