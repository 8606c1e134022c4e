import { and, eq, inArray, lte, ne, or } from "drizzle-orm";
import { type CloseReason } from "@/features/applications/constants";
import type { Database } from "@/lib/server/db/client";
import { companies, jobApplications, jobs } from "@/lib/server/db/schema";
import type { MailMessage } from "@/lib/server/mail/messages";
import { isOpenApplication } from "./access";

/*
 * No application is left open when its listing leaves the board: each is closed with a
 * courteous mail to its candidate, by a periodic task (lib/server/worker/tasks.ts).
 */

/** Why a listing left the board, from its status (or its end passing). */
const closeReasonOf = (status: string): CloseReason =>
  status === "filled" || status === "withdrawn" || status === "removed" ? status : "expired";

/**
 * Closes every application still open whose listing left the board (filled, withdrawn, taken
 * down, or past its end), each with a courteous mail to its candidate: no application is left
 * without an answer. Answers the mail for the caller to queue in `tx`.
 */
export async function closeOutApplications(tx: Database, now: Date): Promise<MailMessage[]> {
  const ended = await tx
    .select({
      id: jobApplications.id,
      status: jobs.status,
      email: jobApplications.email,
      jobId: jobs.id,
      slug: jobs.slug,
      title: jobs.title,
      companyName: companies.name,
    })
    .from(jobApplications)
    .innerJoin(jobs, eq(jobs.id, jobApplications.jobId))
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .where(and(isOpenApplication, or(ne(jobs.status, "open"), lte(jobs.expiresAt, now))))
    .limit(1_000);
  // One update per reason (at most four), each claiming only what is still open, so a run
  // beside another (or a withdrawal meanwhile) mails no one twice.
  const byReason = new Map<CloseReason, typeof ended>();
  for (const row of ended) {
    const reason = closeReasonOf(row.status);
    byReason.set(reason, [...(byReason.get(reason) ?? []), row]);
  }
  const mail: MailMessage[] = [];
  for (const [reason, rows] of byReason) {
    const closed = await tx
      .update(jobApplications)
      .set({ closedReason: reason, closedAt: now, stageChangedAt: now })
      .where(
        and(
          inArray(
            jobApplications.id,
            rows.map((row) => row.id),
          ),
          isOpenApplication,
        ),
      )
      .returning({ id: jobApplications.id });
    const closedIds = new Set(closed.map((row) => row.id));
    for (const row of rows.filter((row) => closedIds.has(row.id))) {
      if (!row.email) continue;
      mail.push({
        template: "application-closed",
        to: row.email,
        props: {
          jobId: row.jobId,
          slug: row.slug,
          title: row.title,
          companyName: row.companyName,
          reason,
        },
      });
    }
  }
  return mail;
}
