import { lt } from "drizzle-orm";
import { INVITATION_KEEP_DAYS } from "@/features/directory/directory";
import type { Database } from "@/lib/server/db/client";
import { jobInvitations } from "@/lib/server/db/schema";

/*
 * Invitations to apply (issue 47). An employer whose company has hired on the board invites a
 * candidate it may see in the directory to one of its live listings: once per candidate and
 * listing, at most INVITATIONS_PER_DAY a day per company (the allowance is taken in the
 * transaction that stores the invitation, so a refused one gives it back). The candidate is
 * mailed on the queue, at their verified address only, and answers on /invitations: accepting
 * opens the job's apply form with the invitation carried (the application then enters the
 * pipeline marked invited), declining may give a reason the employer reads and may stop the
 * company altogether (company_blocks: it no longer finds, opens or invites them). Invitations
 * are deleted INVITATION_KEEP_DAYS after they were sent.
 *
 * By actor: what the employer does (invite, list what it sent) is invitations-employer.ts; what
 * the candidate does (list, accept, decline, stop and let back companies) is
 * invitations-candidate.ts; the worker's purge is here.
 */

/** The most of its invitations a company's list, or a candidate's, shows: the newest. */
export const LIST_MAX = 1_000;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Deletes invitations sent more than INVITATION_KEEP_DAYS ago, with their answers. */
export async function forgetOldInvitations(db: Database, now: Date = new Date()): Promise<number> {
  const before = new Date(now.getTime() - INVITATION_KEEP_DAYS * DAY_MS);
  const deleted = await db
    .delete(jobInvitations)
    .where(lt(jobInvitations.createdAt, before))
    .returning({ id: jobInvitations.id });
  return deleted.length;
}
