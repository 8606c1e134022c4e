import type { Enquiry } from "@/features/enquiries/schemas";
import type { EnquiryStatus } from "@/features/enquiries/status";
import type { Moderator } from "@/lib/server/auth/caller";
import { moderatorActor } from "@/lib/server/audit/moderator-actor";
import type { Database } from "@/lib/server/db/client";
import { enquiries } from "@/lib/server/db/schema";
import { readServerEnv } from "@/lib/server/env";
import type { RateLimit } from "@/lib/server/http/rate-limit";
import type { MailMessage } from "@/lib/server/mail/messages";
import { withMail } from "@/lib/server/queue/queue";
import { replyToEnquiry, setEnquiryStatus } from "./enquiries";

/** Enquiries one address may send in an hour: a team enquiring about several roles is fine. */
export const ENQUIRY_RATE_LIMIT: RateLimit = {
  name: "enquiries",
  points: 6,
  seconds: 3600,
  message: "Too many enquiries from your network.",
};

/**
 * A recruitment-services enquiry from the public form: stored, and the team's inbox mailed it,
 * in one transaction. Its sender gets no mail from the board until a person answers: the
 * address is typed in by whoever sends the form, and the board mails no address nobody
 * confirmed (issue 40). Answers its reference.
 */
export async function receiveEnquiry(db: Database, enquiry: Enquiry) {
  const id = await withMail(db, async (tx) => {
    const [row] = await tx.insert(enquiries).values(enquiry).returning({ id: enquiries.id });
    return {
      result: row!.id,
      mail: [
        {
          template: "enquiry-team",
          to: readServerEnv().MAIL_TEAM_TO,
          props: { enquiryId: row!.id, ...enquiry, website: enquiry.website ?? null },
        },
      ] satisfies MailMessage[],
    };
  });
  return { id, received: true as const };
}

/** The team's inbox, when one is configured: answers to a reply go there. */
const teamAddress = () => process.env.MAIL_TEAM_TO?.trim() || null;

/**
 * A moderator's answer to an enquiry: the reply is stored, its audit entry written and the
 * mail to the enquiry's sender queued in one transaction, and the enquiry is marked replied.
 */
export function replyAndTell(db: Database, moderator: Moderator, enquiryId: number, body: string) {
  return withMail(db, async (tx) => {
    const actor = { ...(await moderatorActor(tx, moderator)), email: moderator.email };
    return replyToEnquiry(tx, enquiryId, body, actor, teamAddress());
  });
}

/** A moderator closes an enquiry or opens it again, audited in the same transaction. */
export function changeEnquiryStatus(
  db: Database,
  moderator: Moderator,
  enquiryId: number,
  status: EnquiryStatus,
) {
  return db.transaction(async (tx) =>
    setEnquiryStatus(tx, enquiryId, status, await moderatorActor(tx, moderator)),
  );
}
