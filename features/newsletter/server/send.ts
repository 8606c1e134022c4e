import { createHash } from "node:crypto";
import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import type { PgBoss } from "pg-boss";
import type { Database } from "@/lib/server/db/client";
import { rowsOf } from "@/lib/server/db/client";
import { newsletterIssues, newsletterSends, newsletterSubscribers } from "@/lib/server/db/schema";
import type { MailMessage } from "@/lib/server/mail/messages";
import { enqueueMails } from "@/lib/server/queue/queue";
import { bounceAddress } from "./bounce-address";
import {
  ensureUpcomingIssue,
  issueListings,
  listingFor,
  refreshIssueListings,
  type Issue,
  type IssueListing,
} from "./issues";
import type { IssueMailListing } from "./mail/messages";
import { unsubscribeTokenFor } from "./subscribers";

/*
 * Sending an issue (issue 66), on the queue's `newsletter` task. Each run makes the coming
 * issue if missing, starts the issues whose hour has come (their listings frozen: status
 * sending), and sends them in batches of BATCH_SIZE. A batch claims its subscribers in
 * newsletter_sends (key: issue and subscriber) in the same transaction that queues their mail,
 * each mail's queue job id made from the same pair: a run that crashes between batches, or two
 * runs at once, never mail anyone twice, and the next run carries on where the last one
 * stopped. Only confirmed subscribers are mailed; one who unsubscribes or bounces meanwhile is
 * left out of the batches still to go.
 */

export const BATCH_SIZE = 200;

/** The mail job's id for issue `issueId` to `subscriberId`, shaped as a UUID (version 8). */
export function issueMailId(issueId: number, subscriberId: number): string {
  const hex = createHash("sha256").update(`newsletter:${issueId}:${subscriberId}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const mailListing = (listing: IssueListing): IssueMailListing => ({
  id: listing.jobId,
  slug: listing.slug,
  title: listing.title,
  companyName: listing.companyName,
  location: listing.location,
});

type Subscriber = typeof newsletterSubscribers.$inferSelect;

/** One subscriber's copy of `issue`: the Sponsored listings, then the week's that are for them. */
async function issueMail(
  db: Database,
  issue: Issue,
  listings: IssueListing[],
  subscriber: Subscriber,
  now: Date,
): Promise<MailMessage> {
  return {
    template: "newsletter-issue",
    to: subscriber.email,
    props: {
      issueId: issue.id,
      subject: issue.subject,
      introHtml: issue.introHtml,
      highlight: issue.highlight ?? null,
      sponsored: listings.filter((listing) => listing.sponsored).map(mailListing),
      listings: listings
        .filter((listing) => !listing.sponsored && listingFor(listing, subscriber))
        .map(mailListing),
      filtered: subscriber.departments.length > 0 || subscriber.regions.length > 0,
      unsubscribeToken: await unsubscribeTokenFor(db, subscriber.id, now),
      bounceAddress: await bounceAddress(db, subscriber.id),
      unsubscribeAddress: await bounceAddress(db, subscriber.id, "unsubscribe"),
    },
  };
}

/**
 * Claims and mails the next `size` confirmed subscribers not sent `issue` yet, in one
 * transaction; returns how many.
 */
export async function sendBatch(
  db: Database,
  boss: PgBoss,
  issue: Issue,
  listings: IssueListing[],
  now: Date,
  size = BATCH_SIZE,
): Promise<number> {
  return db.transaction(async (tx) => {
    const claimed = rowsOf<{ subscriber_id: number }>(
      await tx.execute(sql`
        insert into ${newsletterSends} (issue_id, subscriber_id, sent_at)
        select ${issue.id}, s.id, ${now} from ${newsletterSubscribers} s
        where s.status = 'confirmed'
          and not exists (select 1 from ${newsletterSends} x
                          where x.issue_id = ${issue.id} and x.subscriber_id = s.id)
        order by s.id
        limit ${size}
        on conflict do nothing
        returning subscriber_id`),
    ).map((row) => row.subscriber_id);
    if (claimed.length === 0) return 0;
    const subscribers = await tx
      .select()
      .from(newsletterSubscribers)
      .where(inArray(newsletterSubscribers.id, claimed))
      .orderBy(asc(newsletterSubscribers.id));
    const mail: MailMessage[] = [];
    const ids = new Map<MailMessage, string>();
    for (const subscriber of subscribers) {
      const message = await issueMail(tx, issue, listings, subscriber, now);
      ids.set(message, issueMailId(issue.id, subscriber.id));
      mail.push(message);
    }
    await enqueueMails(boss, mail, tx, (message) => ids.get(message)!);
    return claimed.length;
  });
}

export type NewsletterRun = { started: number; sent: number; finished: number };

export type RunOptions = {
  batchSize?: number;
  /** Called after each batch is committed (tests stop a run there, as a crash would). */
  afterBatch?: (sent: number) => void | Promise<void>;
};

/** One run of the `newsletter` task at `now`. */
export async function runNewsletter(
  db: Database,
  boss: PgBoss,
  now: Date,
  options: RunOptions = {},
): Promise<NewsletterRun> {
  await ensureUpcomingIssue(db, now);
  const due = await db
    .select({ id: newsletterIssues.id })
    .from(newsletterIssues)
    .where(and(eq(newsletterIssues.status, "scheduled"), lte(newsletterIssues.sendAt, now)));
  for (const { id } of due) {
    await db.transaction(async (tx) => {
      const [issue] = await tx
        .select()
        .from(newsletterIssues)
        .where(and(eq(newsletterIssues.id, id), eq(newsletterIssues.status, "scheduled")))
        .for("update");
      if (!issue) return;
      await refreshIssueListings(tx, issue, now);
      await tx
        .update(newsletterIssues)
        .set({ status: "sending", updatedAt: now })
        .where(eq(newsletterIssues.id, id));
    });
  }
  const sending = await db
    .select()
    .from(newsletterIssues)
    .where(eq(newsletterIssues.status, "sending"))
    .orderBy(asc(newsletterIssues.sendAt));
  let sent = 0;
  let finished = 0;
  for (const issue of sending) {
    const listings = await issueListings(db, issue.id);
    for (;;) {
      const batch = await sendBatch(db, boss, issue, listings, now, options.batchSize);
      if (batch === 0) break;
      sent += batch;
      await options.afterBatch?.(batch);
    }
    await db
      .update(newsletterIssues)
      .set({
        status: "sent",
        sentAt: now,
        updatedAt: now,
        recipients: sql`(select count(*)::int from ${newsletterSends} where issue_id = ${issue.id})`,
      })
      .where(and(eq(newsletterIssues.id, issue.id), eq(newsletterIssues.status, "sending")));
    finished++;
  }
  return { started: due.length, sent, finished };
}
