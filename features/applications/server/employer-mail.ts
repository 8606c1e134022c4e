import { and, eq, gte, isNotNull, isNull, lt, min, or, sql, type SQL } from "drizzle-orm";
import { lastAlertBoundary } from "@/features/alerts/server/digest-schedule";
import { listingContactId } from "@/lib/server/auth/employer";
import type { Database } from "@/lib/server/db/client";
import {
  companies,
  companyMembers,
  jobApplications,
  jobs,
  preferences,
  users,
} from "@/lib/server/db/schema";
import type { MailMessage } from "@/lib/server/mail/messages";
import type { ApplicantLine } from "./mail/messages";
import { mailAddress } from "@/lib/server/users/mail-address";

/*
 * How a listing's company hears of its new applicants (issues 27 and 44). Each member chooses
 * (company_members.applicant_mail):
 *
 * - "own" (the default): the listings they posted, as each listing is set (jobs.applicant_mail):
 *   each applicant at once, queued in the transaction that stores the application, or one digest
 *   a day. Either way each application is told once: job_applications.employer_notified_at
 *   marks it in the transaction that queues the mail;
 * - "instant": every listing of the company, each applicant at once;
 * - "daily": every listing of the company, once a day at 8:00 in their time zone, one digest per
 *   listing that had applicants; company_members.digest_through marks how far they were told;
 * - "off": none.
 *
 * The mail names an applicant and their headline, nothing more: the CV, answers, cover note and
 * links are read in the pipeline, behind the sign-in, not left in an inbox.
 */

/** How many applicants a digest names; the rest are counted ("and 12 more"). */
export const DIGEST_APPLICANTS_MAX = 25;

/** A listing's columns as its employer's mail names it, with one recipient's address. */
const recipientColumns = {
  jobId: jobs.id,
  title: jobs.title,
  companyName: companies.name,
  userId: users.id,
  to: mailAddress,
};

/** The members of the listing's company who may be mailed and meet `which` (teams). */
const listingMembers = (db: Database, jobId: number, which: SQL | undefined) =>
  db
    .select(recipientColumns)
    .from(jobs)
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .innerJoin(companyMembers, eq(companyMembers.companyId, jobs.companyId))
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(and(eq(jobs.id, jobId), isNotNull(mailAddress), which))
    .$dynamic();

/** A recipient read with `isNotNull(mailAddress)`: their address is there. */
const withAddress = <T extends { to: string | null }>(row: T) => ({ ...row, to: row.to! });

/**
 * Who answers for the listing `jobId` (a candidate's message, say): its author while they are
 * in its company, else the company's owner (listingContactId); none without an address.
 */
export async function listingEmployer(db: Database, jobId: number) {
  const [listing] = await listingMembers(db, jobId, eq(companyMembers.userId, listingContactId));
  return listing ? withAddress(listing) : undefined;
}

/**
 * Who hears of a new applicant of `jobId` at once (issue 44): every member of its company who
 * chose every listing at once, and its author, choosing their own listings, when the listing is
 * set to tell at once.
 */
export async function instantRecipients(db: Database, jobId: number) {
  const rows = await listingMembers(
    db,
    jobId,
    or(
      eq(companyMembers.applicantMail, "instant"),
      and(
        eq(companyMembers.applicantMail, "own"),
        eq(companyMembers.userId, jobs.submittedBy),
        eq(jobs.applicantMail, "instant"),
      ),
    ),
  );
  return rows.map(withAddress);
}

/** The listing's author when they chose their own listings' mail, for its daily digest. */
async function digestRecipient(db: Database, jobId: number) {
  const [row] = await listingMembers(
    db,
    jobId,
    and(eq(companyMembers.applicantMail, "own"), eq(companyMembers.userId, jobs.submittedBy)),
  );
  return row ? withAddress(row) : undefined;
}

export type ListingEmployer = NonNullable<Awaited<ReturnType<typeof listingEmployer>>>;

type Applicant = { fullName: string | null; headline: string | null };

const applicantLine = (row: Applicant): ApplicantLine => ({
  // Never purged before the employer heard of it; named anyway if it were.
  name: row.fullName ?? "An applicant",
  headline: row.headline,
});

/** The mail telling the employer at once that someone applied to their listing. */
export const newApplicantMail = (
  { to, jobId, title, companyName }: ListingEmployer,
  applicant: Applicant,
): MailMessage => ({
  template: "new-applicant",
  to,
  props: { jobId, title, companyName, applicant: applicantLine(applicant) },
});

/*
 * When the digest goes out: once a day, at 8:00 in the employer's time zone (the one saved with
 * their alert preferences, when they have any; else UTC), as candidates' job alerts do. A
 * listing's digest is due once an applicant not yet told of came in before the latest 8:00; it
 * then names every one not yet told of, so whoever applies after it waits for the next 8:00.
 * So an employer gets at most one digest a day per listing, at the same time each day, and
 * nobody waits more than a day (and the hour between runs) to be told of.
 */

/** The listings whose digest is due at `now`. */
async function dueDigests(db: Database, now: Date): Promise<number[]> {
  const waiting = await db
    .select({
      jobId: jobApplications.jobId,
      timeZone: preferences.timeZone,
      oldest: min(jobApplications.createdAt),
    })
    .from(jobApplications)
    .innerJoin(jobs, eq(jobs.id, jobApplications.jobId))
    // The author, while in the listing's company and choosing their own listings' mail.
    .innerJoin(
      companyMembers,
      and(
        eq(companyMembers.userId, jobs.submittedBy),
        eq(companyMembers.companyId, jobs.companyId),
        eq(companyMembers.applicantMail, "own"),
      ),
    )
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .leftJoin(preferences, eq(preferences.userId, users.id))
    // Whatever the listing's choice now: applicants who came in while it was "daily" are told
    // of even if it has since changed to "instant".
    .where(and(isNull(jobApplications.employerNotifiedAt), isNotNull(mailAddress)))
    .groupBy(jobApplications.jobId, preferences.timeZone);
  return waiting
    .filter(({ oldest, timeZone }) => oldest! < lastAlertBoundary(now, timeZone ?? "UTC", "daily"))
    .map((row) => row.jobId);
}

/**
 * Marks the applicants of `jobId` not yet told of as told, in `tx`, and answers the digest
 * naming them (none when they all withdrew meanwhile: there is no one left to tell of).
 */
async function digestOf(tx: Database, jobId: number, now: Date): Promise<MailMessage[]> {
  const told = await tx
    .update(jobApplications)
    .set({ employerNotifiedAt: now })
    .where(and(eq(jobApplications.jobId, jobId), isNull(jobApplications.employerNotifiedAt)))
    .returning({
      id: jobApplications.id,
      fullName: jobApplications.fullName,
      headline: jobApplications.headline,
      withdrawnAt: jobApplications.withdrawnAt,
      createdAt: jobApplications.createdAt,
    });
  const named = told
    .filter((row) => row.withdrawnAt === null)
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id);
  const employer = named.length > 0 ? await digestRecipient(tx, jobId) : undefined;
  if (!employer) return [];
  const { to, title, companyName } = employer;
  return [
    {
      template: "applicant-digest",
      to,
      props: {
        jobId,
        title,
        companyName,
        applicants: named.slice(0, DIGEST_APPLICANTS_MAX).map(applicantLine),
        moreCount: Math.max(0, named.length - DIGEST_APPLICANTS_MAX),
      },
    },
  ];
}

/**
 * Queues each listing's digest that is due at `now`, each in a transaction of its own with the
 * marks of those it names (`enqueue` queues mail in a transaction). Answers how many went.
 */
export async function queueApplicantDigests(
  db: Database,
  now: Date,
  enqueue: (tx: Database, mail: MailMessage[]) => Promise<void>,
): Promise<number> {
  let queued = 0;
  for (const jobId of await dueDigests(db, now)) {
    queued += await db.transaction(async (tx) => {
      const mail = await digestOf(tx, jobId, now);
      await enqueue(tx, mail);
      return mail.length;
    });
  }
  return queued;
}

/**
 * Queues the daily digests of the members who chose every listing of their company once a day
 * ("daily"): each due member (their 8:00 passed since they were last told) gets one digest per
 * listing with applicants since then, and is marked told up to that 8:00, in one transaction
 * with the mail. Answers how many went.
 */
export async function queueMemberDigests(
  db: Database,
  now: Date,
  enqueue: (tx: Database, mail: MailMessage[]) => Promise<void>,
): Promise<number> {
  const members = await db
    .select({
      id: companyMembers.id,
      companyId: companyMembers.companyId,
      since:
        sql<Date>`coalesce(${companyMembers.digestThrough}, ${companyMembers.joinedAt})`.mapWith(
          (value: string | Date) => new Date(value),
        ),
      to: mailAddress,
      timeZone: preferences.timeZone,
    })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .leftJoin(preferences, eq(preferences.userId, users.id))
    .where(and(eq(companyMembers.applicantMail, "daily"), isNotNull(mailAddress)));
  let queued = 0;
  for (const member of members) {
    const through = lastAlertBoundary(now, member.timeZone ?? "UTC", "daily");
    if (member.since >= through) continue;
    queued += await db.transaction(async (tx) => {
      const applied = await tx
        .select({
          jobId: jobs.id,
          title: jobs.title,
          companyName: companies.name,
          fullName: jobApplications.fullName,
          headline: jobApplications.headline,
        })
        .from(jobApplications)
        .innerJoin(jobs, eq(jobs.id, jobApplications.jobId))
        .innerJoin(companies, eq(companies.id, jobs.companyId))
        .where(
          and(
            eq(jobs.companyId, member.companyId),
            gte(jobApplications.createdAt, member.since),
            lt(jobApplications.createdAt, through),
            isNull(jobApplications.withdrawnAt),
          ),
        )
        .orderBy(jobApplications.createdAt, jobApplications.id);
      const byListing = new Map<number, typeof applied>();
      for (const row of applied)
        byListing.set(row.jobId, [...(byListing.get(row.jobId) ?? []), row]);
      const mail: MailMessage[] = [...byListing.values()].map((rows) => ({
        template: "applicant-digest",
        to: member.to!,
        props: {
          jobId: rows[0]!.jobId,
          title: rows[0]!.title,
          companyName: rows[0]!.companyName,
          applicants: rows.slice(0, DIGEST_APPLICANTS_MAX).map(applicantLine),
          moreCount: Math.max(0, rows.length - DIGEST_APPLICANTS_MAX),
        },
      }));
      await tx
        .update(companyMembers)
        .set({ digestThrough: through })
        .where(eq(companyMembers.id, member.id));
      await enqueue(tx, mail);
      return mail.length;
    });
  }
  return queued;
}
