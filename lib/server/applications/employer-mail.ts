import { and, eq, isNotNull, isNull, min } from "drizzle-orm";
import { lastAlertBoundary } from "../mail/digest-schedule";
import type { Database } from "../db/client";
import { companies, jobApplications, jobs, preferences, users } from "../db/schema";
import type { ApplicantLine, MailMessage } from "../mail/messages";
import { mailAddress } from "../users/mail-address";

/*
 * How the employer of a listing hears of its new applicants (issue 27), as they chose for it
 * (jobs.applicant_mail): each one at once, queued in the transaction that stores the
 * application, or one digest a day. Either way each application is told once:
 * job_applications.employer_notified_at marks it in the transaction that queues the mail.
 *
 * The mail names an applicant and their headline, nothing more: the CV, answers, cover note and
 * links are read in the pipeline, behind the sign-in, not left in an inbox.
 */

/** How many applicants a digest names; the rest are counted ("and 12 more"). */
export const DIGEST_APPLICANTS_MAX = 25;

/** The listing `jobId` as mail to its employer names it, with their address; none without one. */
export async function listingEmployer(db: Database, jobId: number) {
  const [listing] = await db
    .select({
      jobId: jobs.id,
      title: jobs.title,
      companyName: companies.name,
      userId: users.id,
      to: mailAddress,
    })
    .from(jobs)
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .innerJoin(users, eq(users.id, jobs.submittedBy))
    .where(and(eq(jobs.id, jobId), isNotNull(mailAddress)));
  // The sample board's listings and those of deleted accounts have nobody to tell.
  return listing ? { ...listing, to: listing.to! } : undefined;
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
    .innerJoin(users, eq(users.id, jobs.submittedBy))
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
  const employer = named.length > 0 ? await listingEmployer(tx, jobId) : undefined;
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
