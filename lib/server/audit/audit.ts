import type { AuditRole } from "@/lib/audit-roles";
import type { Database } from "../db/client";
import { sql } from "drizzle-orm";
import { auditLog, jobs } from "../db/schema";

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
  subjectType:
    | "listing"
    | "company"
    | "enquiry"
    | "member"
    | "invitation"
    | "application"
    | "invoice"
    | "source"
    | "plan"
    | "pack"
    | "coupon"
    | "subscription_plan"
    | "offer"
    | "subscription"
    | "board_member"
    | "board_invitation"
    | "legal_version"
    | "board_settings"
    | "partner_offer"
    | "post"
    | "post_author"
    | "post_image"
    | "newsletter_issue"
    | "social_channel"
    | "social_post";
  subjectId: number;
  /**
   * The company it belongs to, whose activity page lists it: a listing's and a company's are
   * found from the subject; the team's and the pipeline's are given.
   */
  companyId?: number;
  detail?: Record<string, unknown>;
};

/** The company an entry belongs to, as an expression the insert evaluates. */
function companyOf(entry: AuditEntry) {
  if (entry.companyId !== undefined) return entry.companyId;
  if (entry.subjectType === "company") return entry.subjectId;
  if (entry.subjectType === "listing") {
    return sql`(select ${jobs.companyId} from ${jobs} where ${jobs.id} = ${entry.subjectId})`;
  }
  return null;
}

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
    companyId: companyOf(entry),
    detail: entry.detail ?? {},
  });
}
