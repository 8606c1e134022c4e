import { and, desc, eq, lt, type SQL } from "drizzle-orm";
import { AUDIT_PAGE_SIZE, type AuditSubjectType } from "@/features/moderation/schemas";
import type { Database } from "@/lib/server/db/client";
import { auditLog } from "@/lib/server/db/schema";

/**
 * The audit log, newest first, 50 entries a page: of one subject, or everything. Paged by id
 * (keyset): `before` is the last id of the page before, so new entries never shift a page.
 */
export async function auditEntries(
  db: Database,
  query: { subject_type?: AuditSubjectType; subject_id?: number; before?: number },
) {
  const conditions: SQL[] = [];
  if (query.subject_type) conditions.push(eq(auditLog.subjectType, query.subject_type));
  if (query.subject_id !== undefined) conditions.push(eq(auditLog.subjectId, query.subject_id));
  if (query.before !== undefined) conditions.push(lt(auditLog.id, query.before));
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(...conditions))
    .orderBy(desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE + 1);
  const page = rows.slice(0, AUDIT_PAGE_SIZE);
  return {
    entries: page.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      role: row.role,
      actor_email: row.actorEmail,
      action: row.action,
      subject_type: row.subjectType,
      subject_id: row.subjectId,
      detail: row.detail,
    })),
    next_before: rows.length > AUDIT_PAGE_SIZE ? page.at(-1)!.id : null,
  };
}
