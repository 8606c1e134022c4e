import { and, asc, desc, eq, lt, notInArray, sql } from "drizzle-orm";
import { isListed } from "@/features/jobs/server/jobs";
import { latestReport, REPORT_BLURB_TEXT, reportTitle } from "@/features/reports/reports";
import { boardSettings } from "@/lib/board-settings";
import { renderMarkdown } from "@/lib/markdown";
import { recordAudit, type AuditActor } from "@/lib/server/audit/audit";
import type { Database } from "@/lib/server/db/client";
import {
  companies,
  jobs,
  newsletterIssueListings,
  newsletterIssues,
  type IssueHighlight,
} from "@/lib/server/db/schema";
import { conflict, InvalidInput, notFound } from "@/lib/server/errors";
import type { IssueUpdate } from "../schemas";

/*
 * The weekly issues (issue 66). One issue a week, built ahead by the queue (send.ts) and sent at
 * its hour: NEWSLETTER_SEND, Monday 14:00 UTC (morning in the Americas, afternoon in Europe).
 * An issue lists, first, every live Sponsored listing (what /pricing sells as "in the weekly
 * newsletter", every issue while live), then the live listings published since the previous
 * issue went. Until it goes, its list follows the board (a listing published is added at the
 * end, one that ended is dropped) and an editor may change its subject, write an introduction
 * and reorder it; once it is sending, it is frozen.
 */

/** When issues go: the weekday (0 Sunday … 6 Saturday) and hour, in UTC. */
export const NEWSLETTER_SEND = { weekday: 1, hour: 14 } as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The first send time strictly after `now`. */
export function nextSendAt(now: Date): Date {
  const at = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), NEWSLETTER_SEND.hour),
  );
  const days = (NEWSLETTER_SEND.weekday - at.getUTCDay() + 7) % 7;
  at.setUTCDate(at.getUTCDate() + days);
  if (at.getTime() <= now.getTime()) at.setUTCDate(at.getUTCDate() + 7);
  return at;
}

/** The Monday (UTC) of the week `at` is in, as a date: an issue's week. */
export function weekOf(at: Date): string {
  const monday = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
  return monday.toISOString().slice(0, 10);
}

const dateLabel = (at: Date) =>
  at.toLocaleDateString("en-US", {
    month: "long",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });

/** The highlight of the week: the latest hiring trends report. */
export function weekHighlight(now: Date): IssueHighlight {
  const report = latestReport(now);
  return { title: reportTitle(report), text: REPORT_BLURB_TEXT, path: report.path };
}

/**
 * The issue of the next send time after `now`, made if missing (the week is its key: two runs
 * at once make one).
 */
export async function ensureUpcomingIssue(db: Database, now: Date) {
  const sendAt = nextSendAt(now);
  await db
    .insert(newsletterIssues)
    .values({
      week: weekOf(sendAt),
      sendAt,
      subject: `New jobs on ${boardSettings().name}, ${dateLabel(sendAt)}`,
      highlight: weekHighlight(now),
    })
    .onConflictDoNothing();
  const [issue] = await db
    .select()
    .from(newsletterIssues)
    .where(eq(newsletterIssues.week, weekOf(sendAt)));
  return issue!;
}

/** Since when an issue's new listings count: the previous issue's send time, or a week before. */
async function periodStart(db: Database, issue: { id: number; sendAt: Date }): Promise<Date> {
  const [previous] = await db
    .select({ sendAt: newsletterIssues.sendAt })
    .from(newsletterIssues)
    .where(lt(newsletterIssues.sendAt, issue.sendAt))
    .orderBy(desc(newsletterIssues.sendAt))
    .limit(1);
  return previous?.sendAt ?? new Date(issue.sendAt.getTime() - 7 * DAY_MS);
}

/**
 * Brings a scheduled issue's listings in step with the board at `now`: every live Sponsored
 * listing, and the live ones published in its period; those gone are dropped, new ones added
 * after the editor's order. Call it in the transaction that holds the issue's row.
 */
export async function refreshIssueListings(
  tx: Database,
  issue: { id: number; sendAt: Date },
  now: Date,
): Promise<void> {
  const since = await periodStart(tx, issue);
  const wanted = await tx
    .select({ id: jobs.id, sponsored: jobs.sponsored })
    .from(jobs)
    .where(
      and(
        isListed(now),
        sql`(${jobs.sponsored} or (${jobs.publishedAt} >= ${since} and ${jobs.publishedAt} < ${issue.sendAt}))`,
      ),
    )
    .orderBy(desc(jobs.sponsored), asc(jobs.publishedAt), asc(jobs.id));
  const ids = wanted.map((row) => row.id);
  await tx
    .delete(newsletterIssueListings)
    .where(
      and(
        eq(newsletterIssueListings.issueId, issue.id),
        ids.length > 0 ? notInArray(newsletterIssueListings.jobId, ids) : undefined,
      ),
    );
  if (wanted.length === 0) return;
  for (const row of wanted) {
    await tx
      .update(newsletterIssueListings)
      .set({ sponsored: row.sponsored })
      .where(
        and(
          eq(newsletterIssueListings.issueId, issue.id),
          eq(newsletterIssueListings.jobId, row.id),
        ),
      );
  }
  const [{ last } = { last: 0 }] = await tx
    .select({ last: sql<number>`coalesce(max(${newsletterIssueListings.position}), 0)::int` })
    .from(newsletterIssueListings)
    .where(eq(newsletterIssueListings.issueId, issue.id));
  await tx
    .insert(newsletterIssueListings)
    .values(
      wanted.map((row, index) => ({
        issueId: issue.id,
        jobId: row.id,
        sponsored: row.sponsored,
        position: last + index + 1,
      })),
    )
    .onConflictDoNothing();
}

/** One listing of an issue, as its mail and page show it. */
export type IssueListing = {
  jobId: number;
  slug: string;
  title: string;
  companyName: string;
  location: string;
  department: string;
  boardRegions: string[];
  sponsored: boolean;
  position: number;
};

/** An issue's listings: the Sponsored ones first, each part in its order. */
export async function issueListings(db: Database, issueId: number): Promise<IssueListing[]> {
  return db
    .select({
      jobId: jobs.id,
      slug: jobs.slug,
      title: jobs.title,
      companyName: companies.name,
      location: jobs.location,
      department: jobs.department,
      boardRegions: jobs.boardRegions,
      sponsored: newsletterIssueListings.sponsored,
      position: newsletterIssueListings.position,
    })
    .from(newsletterIssueListings)
    .innerJoin(jobs, eq(jobs.id, newsletterIssueListings.jobId))
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .where(eq(newsletterIssueListings.issueId, issueId))
    .orderBy(desc(newsletterIssueListings.sponsored), asc(newsletterIssueListings.position));
}

export type Issue = typeof newsletterIssues.$inferSelect;

/** An issue as the editors' API answers it. */
export function editorIssue(issue: Issue, listings: IssueListing[]) {
  return {
    id: issue.id,
    week: issue.week,
    status: issue.status,
    subject: issue.subject,
    intro: issue.intro,
    intro_html: issue.introHtml,
    send_at: issue.sendAt.toISOString(),
    sent_at: issue.sentAt?.toISOString() ?? null,
    recipients: issue.recipients,
    listings: listings.map((listing) => ({
      job_id: listing.jobId,
      title: listing.title,
      company_name: listing.companyName,
      location: listing.location,
      department: listing.department,
      sponsored: listing.sponsored,
      position: listing.position,
    })),
  };
}

/** Every issue, the coming one first; the coming one made if missing. */
export async function listIssues(db: Database, now: Date) {
  await ensureUpcomingIssue(db, now);
  const rows = await db.select().from(newsletterIssues).orderBy(desc(newsletterIssues.sendAt));
  return rows.map((issue) => {
    const { listings: _listings, intro_html: _html, ...rest } = editorIssue(issue, []);
    return rest;
  });
}

/** One issue for the editor; a scheduled one is brought in step with the board first. */
export async function readIssue(db: Database, issueId: number, now: Date) {
  const issue = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(newsletterIssues)
      .where(eq(newsletterIssues.id, issueId))
      .for("update");
    if (!row) throw notFound("No such issue of the newsletter");
    if (row.status === "scheduled") await refreshIssueListings(tx, row, now);
    return row;
  });
  return editorIssue(issue, await issueListings(db, issue.id));
}

/**
 * An editor's change to an issue that has not gone: its subject, its introduction (Markdown,
 * kept with its sanitised HTML, as posts are) and its listings' order (the ids given first, in
 * that order; the Sponsored ones stay ahead of the rest). Audited with who made it.
 */
export async function updateIssue(
  db: Database,
  issueId: number,
  update: IssueUpdate,
  actor: AuditActor,
  now: Date,
) {
  const introHtml = update.intro === undefined ? undefined : await renderMarkdown(update.intro);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(newsletterIssues)
      .where(eq(newsletterIssues.id, issueId))
      .for("update");
    if (!row) throw notFound("No such issue of the newsletter");
    if (row.status !== "scheduled") throw conflict("This issue has gone out: it cannot change");
    await refreshIssueListings(tx, row, now);
    if (update.order) {
      const present = await tx
        .select({
          jobId: newsletterIssueListings.jobId,
          position: newsletterIssueListings.position,
        })
        .from(newsletterIssueListings)
        .where(eq(newsletterIssueListings.issueId, issueId))
        .orderBy(asc(newsletterIssueListings.position));
      const known = new Set(present.map((entry) => entry.jobId));
      const strangers = update.order.filter((id) => !known.has(id));
      if (strangers.length > 0) {
        throw new InvalidInput({ order: [`Listing ${strangers[0]} is not in this issue`] });
      }
      const given = [...new Set(update.order)];
      const rest = present.map((entry) => entry.jobId).filter((id) => !given.includes(id));
      const ordered = [...given, ...rest];
      for (const [index, jobId] of ordered.entries()) {
        await tx
          .update(newsletterIssueListings)
          .set({ position: index + 1 })
          .where(
            and(
              eq(newsletterIssueListings.issueId, issueId),
              eq(newsletterIssueListings.jobId, jobId),
            ),
          );
      }
    }
    await tx
      .update(newsletterIssues)
      .set({
        ...(update.subject === undefined ? {} : { subject: update.subject }),
        ...(update.intro === undefined ? {} : { intro: update.intro, introHtml: introHtml! }),
        updatedBy: actor.id,
        updatedAt: now,
      })
      .where(eq(newsletterIssues.id, issueId));
    await recordAudit(tx, actor, {
      action: "newsletter_issue.updated",
      subjectType: "newsletter_issue",
      subjectId: issueId,
      detail: {
        ...(update.subject === undefined ? {} : { subject: update.subject }),
        ...(update.intro === undefined ? {} : { intro: true }),
        ...(update.order === undefined ? {} : { order: update.order }),
      },
    });
  });
  return readIssue(db, issueId, now);
}

/** The archive: issues that went, newest first. */
export async function sentIssues(db: Database) {
  return db
    .select({
      id: newsletterIssues.id,
      subject: newsletterIssues.subject,
      sentAt: newsletterIssues.sentAt,
    })
    .from(newsletterIssues)
    .where(eq(newsletterIssues.status, "sent"))
    .orderBy(desc(newsletterIssues.sendAt));
}

/** One issue of the archive, or null when it has not gone (or does not exist). */
export async function sentIssue(db: Database, issueId: number) {
  const [issue] = await db
    .select()
    .from(newsletterIssues)
    .where(and(eq(newsletterIssues.id, issueId), eq(newsletterIssues.status, "sent")));
  if (!issue) return null;
  return { issue, listings: await issueListings(db, issueId) };
}

/** Subscribers' choices: whether `listing` is for them (Sponsored ones are for everyone). */
export function listingFor(
  listing: Pick<IssueListing, "sponsored" | "department" | "boardRegions">,
  subscriber: { departments: string[]; regions: string[] },
): boolean {
  if (listing.sponsored) return true;
  const department =
    subscriber.departments.length === 0 || subscriber.departments.includes(listing.department);
  const region =
    subscriber.regions.length === 0 ||
    listing.boardRegions.some((slug) => subscriber.regions.includes(slug));
  return department && region;
}
