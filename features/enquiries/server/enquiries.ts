import { asc, eq, inArray } from "drizzle-orm";
import type { EnquiryStatus } from "@/features/enquiries/status";
import { recordAudit, type AuditActor } from "@/lib/server/audit/audit";
import type { Database } from "@/lib/server/db/client";
import { enquiries, enquiryReplies } from "@/lib/server/db/schema";
import { notFound } from "@/lib/server/errors";
import type { MailMessage } from "@/lib/server/mail/messages";

/*
 * The enquiries' rows after they came in: as the moderators' inbox shows them, a reply, a change
 * of status. Moderators act through them (moderation lists the inbox with enquiriesWithReplies;
 * server/enquiry-api runs the reply and the status change in their transactions).
 */

type EnquiryRow = typeof enquiries.$inferSelect;

/** Enquiries as the inbox shows them: each with its replies, oldest reply first. */
export async function enquiriesWithReplies(db: Database, rows: EnquiryRow[]) {
  const replies =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(enquiryReplies)
          .where(
            inArray(
              enquiryReplies.enquiryId,
              rows.map((row) => row.id),
            ),
          )
          .orderBy(asc(enquiryReplies.createdAt), asc(enquiryReplies.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    company: row.company,
    website: row.website,
    service: row.service,
    roles: row.roles,
    message: row.message,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    replies: replies
      .filter((reply) => reply.enquiryId === row.id)
      .map((reply) => ({
        id: reply.id,
        body: reply.body,
        sent_by: reply.sentBy,
        created_at: reply.createdAt.toISOString(),
      })),
  }));
}

export type AdminEnquiry = Awaited<ReturnType<typeof enquiriesWithReplies>>[number];

async function enquiryRow(db: Database, enquiryId: number) {
  const [row] = await db.select().from(enquiries).where(eq(enquiries.id, enquiryId));
  if (!row) throw notFound("There is no enquiry with this id");
  return row;
}

/**
 * A moderator's reply to an enquiry: stored, marked replied, audited, and the mail to its
 * sender returned for the caller to queue in the same transaction. Replies to the team's inbox
 * when `teamAddress` is given.
 */
export async function replyToEnquiry(
  db: Database,
  enquiryId: number,
  body: string,
  actor: AuditActor & { email: string },
  teamAddress: string | null,
  now: Date = new Date(),
): Promise<{ result: AdminEnquiry; mail: MailMessage[] }> {
  // Locked, so two moderators answering at once are both kept in order.
  const [locked] = await db
    .select({ id: enquiries.id })
    .from(enquiries)
    .where(eq(enquiries.id, enquiryId))
    .for("update");
  if (!locked) throw notFound("There is no enquiry with this id");
  const [reply] = await db
    .insert(enquiryReplies)
    .values({ enquiryId, body, sentBy: actor.email, createdAt: now })
    .returning({ id: enquiryReplies.id });
  const [row] = await db
    .update(enquiries)
    .set({ status: "replied", updatedAt: now })
    .where(eq(enquiries.id, enquiryId))
    .returning();
  await recordAudit(db, actor, {
    action: "enquiry.reply",
    subjectType: "enquiry",
    subjectId: enquiryId,
    detail: { reply_id: reply!.id, length: body.length },
  });
  const [result] = await enquiriesWithReplies(db, [row!]);
  return {
    result: result!,
    mail: [
      {
        template: "enquiry-reply",
        to: row!.email,
        props: {
          enquiryId,
          name: row!.name,
          service: row!.service,
          message: row!.message,
          reply: body,
          replyTo: teamAddress,
        },
      },
    ],
  };
}

/** Closes an enquiry, or opens it again (`new` or `replied`); audited with the change. */
export async function setEnquiryStatus(
  db: Database,
  enquiryId: number,
  status: EnquiryStatus,
  actor: AuditActor,
  now: Date = new Date(),
): Promise<AdminEnquiry> {
  const before = await enquiryRow(db, enquiryId);
  const [row] = await db
    .update(enquiries)
    .set({ status, updatedAt: now })
    .where(eq(enquiries.id, enquiryId))
    .returning();
  if (before.status !== status) {
    await recordAudit(db, actor, {
      action: "enquiry.status",
      subjectType: "enquiry",
      subjectId: enquiryId,
      detail: { from: before.status, to: status },
    });
  }
  const [result] = await enquiriesWithReplies(db, [row!]);
  return result!;
}
