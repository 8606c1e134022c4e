import { and, eq, inArray } from "drizzle-orm";
import { ATS_LABELS } from "@/features/imports/ats";
import type { Database } from "@/lib/server/db/client";
import { applications, companies, jobs, users, type AtsSource } from "@/lib/server/db/schema";
import type { MailMessage } from "@/lib/server/mail/messages";
import { adminRecipients } from "@/lib/server/users/company-admins";
import { mailAddress } from "@/lib/server/users/mail-address";
import { markClosedJobsNoticed } from "@/features/account/server/job-marks";

/** "Greenhouse board acme": a source as its employer knows it. */
export const sourceName = (source: Pick<AtsSource, "ats" | "board">) =>
  `${ATS_LABELS[source.ats]} board ${source.board}`;

/** The mail to a company's owner and admins that one of its sources was paused, and why. */
export async function pauseNotice(
  tx: Database,
  source: AtsSource,
  reason: string,
): Promise<MailMessage[]> {
  return (await adminRecipients(tx, [source.companyId])).map((recipient) => ({
    template: "import-paused",
    to: recipient.to,
    props: { companyName: recipient.companyName, source: sourceName(source), reason },
  }));
}

/**
 * The mail to each candidate who tracked an application to one of `jobIds` (they applied on the
 * company's ATS, and said so on the board), now that the job left the ATS: once each, marked in
 * `tx`.
 */
export async function trackedJobClosings(
  tx: Database,
  jobIds: readonly number[],
  now: Date,
): Promise<MailMessage[]> {
  if (jobIds.length === 0) return [];
  const told = await markClosedJobsNoticed(tx, jobIds, now);
  if (told.length === 0) return [];
  const rows = await tx
    .select({
      to: mailAddress,
      userId: users.id,
      jobId: jobs.id,
      slug: jobs.slug,
      title: jobs.title,
      companyName: companies.name,
    })
    .from(users)
    .innerJoin(applications, eq(applications.userId, users.id))
    .innerJoin(jobs, eq(jobs.id, applications.jobId))
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .where(
      and(
        inArray(users.id, [...new Set(told.map((row) => row.userId))]),
        inArray(jobs.id, [...new Set(told.map((row) => row.jobId))]),
        eq(applications.closedNoticeAt, now),
      ),
    );
  return rows.flatMap((row) =>
    row.to
      ? [
          {
            template: "tracked-job-closed" as const,
            to: row.to,
            props: {
              jobId: row.jobId,
              slug: row.slug,
              title: row.title,
              companyName: row.companyName,
            },
          },
        ]
      : [],
  );
}
