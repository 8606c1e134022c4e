import { and, eq, gt, isNotNull, lte, sql, type SQL } from "drizzle-orm";
import type { PgBoss } from "pg-boss";
import { runJobAlerts } from "@/features/alerts/server/alerts";
import type { Database } from "../db/client";
import type { MailMessage } from "../mail/messages";
import { atsJobs, jobs } from "../db/schema";
import { purgeCachedPages } from "../http/page-cache";
import { jobPagesPurge } from "@/features/jobs/server/forget-job-pages";
import { lacksCountries } from "@/features/jobs/server/job-location";
import { refreshSearchTerms } from "@/features/jobs/server/search-plan";
import { refreshSalaryFigures } from "@/features/salaries/server/salary-figures";
import { sendPendingRefunds } from "@/features/billing/server/refunds";
import { runBillingReminders } from "@/features/billing/server/reminders";
import { queueInvoiceMails } from "@/features/billing/server/invoice-mails";
import { renewSubscriptionsOnInvoice } from "@/features/billing/server/subscriptions";
import { enforceUnpaidSubscriptions } from "@/features/billing/server/subscription-past-due";
import { closeOutApplications } from "@/features/applications/server/close-out";
import {
  queueApplicantDigests,
  queueMemberDigests,
} from "@/features/applications/server/employer-mail";
import { forgetWithdrawnCvs, purgeApplications } from "@/features/applications/server/retention";
import { forgetOldInvitations } from "@/features/directory/server/invitations";
import { queueSearchEngineNotices } from "@/features/feeds/server/enqueue";
import { log } from "../log";
import { runNewsletter } from "@/features/newsletter/server/send";
import { publishDuePosts } from "@/features/content/server/post-editor";
import { listingNotices } from "@/features/listings/server/listing-notices";
import { queueDraftReminders } from "@/features/listings/server/draft-reminders";
import {
  deleteAbandonedCheckouts,
  expireDueListings,
  recordNotices,
} from "@/features/listings/server/listing-state";
import { enqueueMails, queueOptions, QUEUES, type QueueName } from "../queue/queue";
import { queueDueSources, runSource } from "@/features/imports/server/sync";
import { readServerEnv } from "../env";
import { forgetStatsVisitors } from "@/lib/server/stats/visitor-counts";
import { runDailyAnalytics } from "@/features/analytics/server/daily";
import { refreshProfileSearchTerms } from "@/features/directory/server/vocabulary";
import { forgetDirectoryHistory } from "@/features/directory/server/retention";
import { runSocialPost, sweepSocialPosts } from "@/features/social/server/posting";
import type { ScheduledTask, TaskData } from "./scheduler";

/** Every periodic task, and how often it runs. Each runs as a job on the queue of its name. */
export const SCHEDULED_TASKS: readonly ScheduledTask[] = [
  { name: QUEUES.expireJobs, everySeconds: 60 },
  // Alerts go out at 8:00 in each candidate's time zone; every quarter of an hour catches the
  // zones that are half or three quarters of an hour off UTC. A run with no one due is two queries
  // (preferences' digests, then saved searches').
  { name: QUEUES.jobAlerts, everySeconds: 15 * 60 },
  { name: QUEUES.listingEnding, everySeconds: 60 * 60 },
  { name: QUEUES.listingCountries, everySeconds: 60 * 60 },
  // Applications still open on listings that left the board are closed, each with a mail:
  // within five minutes of a fill, withdrawal, take-down or end.
  { name: QUEUES.closeApplications, everySeconds: 5 * 60 },
  // Employers who chose a daily digest of new applicants get it at 8:00 in their time zone
  // (features/applications/server/employer-mail.ts): hourly runs catch every zone within the hour.
  { name: QUEUES.applicantDigest, everySeconds: 60 * 60 },
  // What candidates sent is deleted 180 days after the listing left the board: a day late at
  // most is no matter (features/applications/server/retention.ts).
  { name: QUEUES.purgeApplications, everySeconds: 24 * 60 * 60 },
  { name: QUEUES.cleanCheckouts, everySeconds: 60 * 60 },
  // A held draft's one reminder, a day after its checkout opened (features/listings/server).
  { name: QUEUES.draftReminders, everySeconds: 60 * 60 },
  // Hourly, so that a day's visitor marks and salt are gone soon after the day after it ends.
  { name: QUEUES.forgetStatsVisitors, everySeconds: 60 * 60 },
  // The analytics funnel's roll-up of yesterday, built within the hour after midnight UTC, and
  // of any finished day of the last 400 not built yet (features/analytics/server/funnel-daily.ts):
  // a run with nothing to build is one query.
  { name: QUEUES.funnelDaily, everySeconds: 60 * 60 },
  { name: QUEUES.analyze, everySeconds: 24 * 60 * 60 },
  // The words typo correction knows (features/jobs/server/search-plan.ts): new listings' words within
  // the hour; the candidate directory's too (features/directory/server/vocabulary.ts), which a
  // profile's change also refreshes, within a minute (profile-terms).
  { name: QUEUES.searchTerms, everySeconds: 60 * 60 },
  // What listings pay (features/salaries/server): an edited, filled or new listing within the hour.
  { name: QUEUES.salaryFigures, everySeconds: 60 * 60 },
  // Invoices due and credits expiring are told of by the day (features/billing/server/reminders.ts):
  // hourly, a company hears early on the day.
  { name: QUEUES.billingReminders, everySeconds: 60 * 60 },
  // Invoices and credit notes are mailed with their PDF (features/billing/server/invoice-mails.ts):
  // those issued are asked for at once; this run mails any that were missed.
  { name: QUEUES.invoiceMails, everySeconds: 60 },
  // A refund a moderator asked for is sent at once; this sends those whose call failed.
  { name: QUEUES.stripeRefunds, everySeconds: 10 * 60 },
  // Subscriptions on invoice: the next period's invoice and credits within the hour its period
  // ends (features/billing/server/subscriptions.ts).
  { name: QUEUES.subscriptionPeriods, everySeconds: 60 * 60 },
  // Import sources run hourly each, jittered (features/imports/server/sync.ts): a look every five
  // minutes queues those due.
  { name: QUEUES.atsSources, everySeconds: 5 * 60 },
  // A scheduled post is published by the job queued for its time (features/content/server/
  // post-editor.ts); this run, every five minutes, publishes one whose job was lost.
  { name: QUEUES.publishPosts, everySeconds: 5 * 60 },
  // The weekly newsletter goes at its hour (Monday 14:00 UTC, features/newsletter/server/issues.ts)
  // within five minutes; a run with nothing due is a few queries.
  { name: QUEUES.newsletter, everySeconds: 5 * 60 },
  // Listings to post on the social channels, and posts of ended listings to take down
  // (features/social/server/posting.ts): a Featured listing is posted within a minute or two of
  // going live, however it went live (approval, payment, import, renewal).
  { name: QUEUES.socialSweep, everySeconds: 60 },
];

/** What a task's run did, for the log and for `npm run worker -- --once`. */
export type TaskResult = Record<string, number>;

export type TaskContext = {
  db: Database;
  boss: PgBoss;
  now: Date;
  data: TaskData;
  /** Tries of this job before this one (pg-boss's retryCount); 0 when left out. */
  retryCount?: number;
};

/**
 * Marks the open jobs whose listing time has run out as expired; returns their ids. (Lists
 * already leave them out by expires_at; the status is what their employers see on /listings.)
 */
export async function expireJobs(db: Database, now: Date = new Date()): Promise<number[]> {
  return expireDueListings(db, now);
}

const notImported = sql`not exists (select 1 from ${atsJobs} a where a.job_id = ${jobs.id})`;

/** How long before a listing ends its employer is told, with a way to renew it. */
export const ENDING_NOTICE_DAYS = 3;

/**
 * Mails `notice` to the employer of each live listing that `due` picks and that was not told
 * yet (`told`: the column of when it was): once per listing, marked in the same transaction that
 * queues the mail. Answers how many were mailed.
 */
async function queueOnceNotices(
  db: Database,
  boss: PgBoss,
  now: Date,
  notice: "listing-ending" | "listing-countries",
  told: "endingNoticeAt" | "countriesNoticeAt",
  due: SQL,
): Promise<number> {
  return db.transaction(async (tx) => {
    const marked = await recordNotices(
      tx,
      told,
      and(
        eq(jobs.status, "open"),
        gt(jobs.expiresAt, now),
        due,
        isNotNull(jobs.submittedBy),
        // An imported listing lasts as long as its ATS lists it (features/imports/server/sync.ts).
        notImported,
      )!,
      now,
    );
    const mail = await listingNotices(tx, marked, notice);
    await enqueueMails(boss, mail, tx);
    return mail.length;
  });
}

/** Tells each employer whose listing ends within ENDING_NOTICE_DAYS, once per listing. */
export async function queueEndingNotices(db: Database, boss: PgBoss, now: Date): Promise<number> {
  const horizon = new Date(now.getTime() + ENDING_NOTICE_DAYS * 24 * 60 * 60 * 1000);
  return queueOnceNotices(
    db,
    boss,
    now,
    "listing-ending",
    "endingNoticeAt",
    lte(jobs.expiresAt, horizon),
  );
}

/**
 * Asks each employer whose live remote job names no country applicants may live in (open
 * "anywhere", posted before the board asked: Google's job search leaves it out) to name them,
 * once per listing.
 */
export const queueCountriesNotices = (db: Database, boss: PgBoss, now: Date) =>
  queueOnceNotices(db, boss, now, "listing-countries", "countriesNoticeAt", lacksCountries);

/**
 * A listing whose Stripe checkout was started and never paid is held as a draft its employer can
 * finish from /listings (issue 63: reminded once after a day) for this long; then it is removed.
 * (Stripe's Checkout sessions expire within 24 hours; "Finish and pay" opens a new one.)
 */
export const ABANDONED_CHECKOUT_HOURS = 30 * 24;

/** Removes listings whose checkout was abandoned; returns how many. */
export async function cleanAbandonedCheckouts(db: Database, now: Date): Promise<number> {
  const before = new Date(now.getTime() - ABANDONED_CHECKOUT_HOURS * 60 * 60 * 1000);
  return deleteAbandonedCheckouts(db, before);
}

/** What each periodic task's job does. */
export const TASK_HANDLERS: Record<
  Exclude<QueueName, "mail" | "search-engines">,
  (context: TaskContext) => Promise<TaskResult>
> = {
  // Expire jobs, tell the search engines (in the same transaction), and purge the pages (and
  // sitemap) they were on, everywhere.
  "expire-jobs": async ({ db, boss, now }) => {
    const ids = await db.transaction(async (tx) => {
      const expired = await expireJobs(tx, now);
      await queueSearchEngineNotices(boss, tx, expired, now);
      return expired;
    });
    if (ids.length > 0) purgeCachedPages(jobPagesPurge(ids));
    return { expired: ids.length };
  },
  "job-alerts": async ({ db, boss, now, data }) => {
    const run = await runJobAlerts(db, {
      now,
      force: data.force === true,
      enqueue: (tx, messages) => enqueueMails(boss, messages, tx),
    });
    return { candidates: run.candidates, mails: run.mails, jobs: run.jobs };
  },
  "listing-ending": async ({ db, boss, now }) => ({
    notices: await queueEndingNotices(db, boss, now),
  }),
  "listing-countries": async ({ db, boss, now }) => ({
    notices: await queueCountriesNotices(db, boss, now),
  }),
  "close-applications": async ({ db, boss, now }) =>
    db.transaction(async (tx) => {
      const mail = await closeOutApplications(tx, now);
      await enqueueMails(boss, mail, tx);
      return { closed: mail.length };
    }),
  "applicant-digest": async ({ db, boss, now }) => {
    const enqueue = (tx: Database, mail: MailMessage[]) => enqueueMails(boss, mail, tx);
    return {
      digests: await queueApplicantDigests(db, now, enqueue),
      member_digests: await queueMemberDigests(db, now, enqueue),
    };
  },
  // The CV files go after the rows that named them are cleared (features/applications/server). The
  // candidate directory's history goes too (features/directory/server): profile views past 30 days,
  // allowances of old days, invitations to apply 180 days after they were sent.
  "purge-applications": async ({ db, now }) => ({
    purged: await purgeApplications(db, now),
    withdrawn_cvs: await forgetWithdrawnCvs(db),
    old_invitations: await forgetOldInvitations(db, now),
    ...(await forgetDirectoryHistory(db, now)),
  }),
  "clean-checkouts": async ({ db, now }) => ({ removed: await cleanAbandonedCheckouts(db, now) }),
  "draft-reminders": async ({ db, boss, now }) => ({
    reminded: await queueDraftReminders(db, (tx, mail) => enqueueMails(boss, mail, tx), now),
  }),
  // Listing statistics forget who was counted (features/listings/server).
  "forget-stats-visitors": async ({ db, now }) => await forgetStatsVisitors(db, now),
  // The funnel's roll-up, the audience's snapshot of the day that ended and the departments'
  // median listings over the employer's periods to it (features/analytics).
  "funnel-daily": ({ db, now }) => runDailyAnalytics(db, now),
  // Fresh planner statistics. PGlite has no autovacuum, so without this a board that grows
  // keeps being planned as it was when seeded (keyword searches stop using their index); on
  // PostgreSQL it is a cheap extra to autovacuum's own.
  analyze: async ({ db }) => {
    await db.execute(sql`analyze`);
    return {};
  },
  "search-terms": async ({ db, now }) => ({
    terms: await refreshSearchTerms(db, now),
    profile_terms: await refreshProfileSearchTerms(db),
  }),
  "profile-terms": async ({ db }) => ({ profile_terms: await refreshProfileSearchTerms(db) }),
  "salary-figures": async ({ db, now }) => ({ figures: await refreshSalaryFigures(db, now) }),
  "billing-reminders": ({ db, boss, now }) => runBillingReminders(db, boss, now),
  "invoice-mails": async ({ db, boss, now }) => ({
    mailed: await queueInvoiceMails(db, boss, now),
  }),
  "stripe-refunds": async ({ db }) => ({ sent: await sendPendingRefunds(db) }),
  // Unpaid periods first: a subscription past due gets no next period.
  "subscription-periods": async ({ db, boss, now }) => ({
    ...(await enforceUnpaidSubscriptions(db, boss, now)),
    ...(await renewSubscriptionsOnInvoice(db, now)),
  }),
  "ats-sources": async ({ db, boss, now }) => ({ queued: await queueDueSources(db, boss, now) }),
  "publish-posts": async ({ db, now }) => ({ published: (await publishDuePosts(db, now)).length }),
  newsletter: async ({ db, boss, now }) => ({ ...(await runNewsletter(db, boss, now)) }),
  "social-sweep": ({ db, boss, now }) => sweepSocialPosts(db, boss, now),
  "social-post": async ({ db, boss, data, retryCount }) => {
    if (typeof data.postId !== "number") return { ran: 0 };
    const outcome = await runSocialPost(db, boss, data.postId, {
      lastTry: (retryCount ?? 0) >= (queueOptions()[QUEUES.socialPost].retryLimit ?? 0),
    });
    return { ran: 1, [outcome.replace("-", "_")]: 1 };
  },
  "ats-sync": async ({ db, boss, now, data, retryCount }): Promise<TaskResult> => {
    if (data.sourceId === undefined) return { ran: 0 };
    const outcome = await runSource(db, boss, data.sourceId, {
      now,
      origin: readServerEnv().ATS_API_URL,
      force: data.force === true,
      lastTry: (retryCount ?? 0) >= (queueOptions()[QUEUES.atsSync].retryLimit ?? 0),
    });
    if (!outcome.ran) return { ran: 0 };
    if ("failed" in outcome) return { ran: 1, failed: 1, paused: outcome.paused ? 1 : 0 };
    return {
      ran: 1,
      added: outcome.report.added,
      changed: outcome.report.changed,
      ended: outcome.report.ended,
    };
  },
};

/** Runs one periodic task's job. */
export async function runTask(
  name: Exclude<QueueName, "mail" | "search-engines">,
  context: TaskContext,
) {
  const started = performance.now();
  const result = await TASK_HANDLERS[name](context);
  log.info({ task: name, ms: Math.round(performance.now() - started), ...result }, "Task ran");
  return result;
}
