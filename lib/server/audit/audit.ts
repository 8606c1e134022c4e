import type { AuditRole } from "@/lib/listings/management";
import type { Database } from "../db/client";
import { auditLog } from "../db/schema";

/** Who made a change: an employer or moderator (by account and email), or the system. */
export type AuditActor = { role: AuditRole; id: number | null; email: string | null };

/** A signed-in employer changing their own listing or company. */
export const employerActor = (user: { id: number; email: string | null }): AuditActor => ({
  role: "employer",
  id: user.id,
  email: user.email,
});

/** One change for the audit log: `listing.fill` on listing 12, with what changed. */
export type AuditEntry = {
  action: string;
  subjectType: "listing" | "company" | "enquiry";
  subjectId: number;
  detail?: Record<string, unknown>;
};

/**
 * Records a change in the audit log. Call it with the transaction that makes the change, so the
 * record exists exactly when the change does.
 */
export async function recordAudit(db: Database, actor: AuditActor, entry: AuditEntry) {
  await db.insert(auditLog).values({
    actorId: actor.id,
    actorEmail: actor.email,
    role: actor.role,
    action: entry.action,
    subjectType: entry.subjectType,
    subjectId: entry.subjectId,
    detail: entry.detail ?? {},
  });
}
