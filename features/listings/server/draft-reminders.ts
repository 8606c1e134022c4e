import type { Database } from "@/lib/server/db/client";
import type { MailMessage } from "@/lib/server/mail/messages";
import { listingNotices } from "./listing-notices";
import { claimDraftReminders } from "./listing-state";

/*
 * Held drafts (issue 63): a listing whose checkout was opened and not paid stays on its
 * employer's /listings as a draft to finish and pay. Its submitter is reminded of it once, a day
 * after; never again, and not once it is paid or withdrawn.
 */

/** How long after its checkout opened (its submission) a draft's one reminder goes. */
export const DRAFT_REMINDER_HOURS = 24;

/**
 * Queues the reminder of each draft due one, in one transaction with the claim that marks it
 * reminded (`enqueue` puts the mail in that transaction): a draft two runs see at once is
 * claimed by one. Answers how many were mailed.
 */
export async function queueDraftReminders(
  db: Database,
  enqueue: (tx: Database, mail: MailMessage[]) => Promise<unknown>,
  now: Date,
): Promise<number> {
  const due = new Date(now.getTime() - DRAFT_REMINDER_HOURS * 60 * 60 * 1000);
  return db.transaction(async (tx) => {
    const claimed = await claimDraftReminders(tx, due, now);
    const mail = await listingNotices(tx, claimed, "listing-draft");
    await enqueue(tx, mail);
    return mail.length;
  });
}
