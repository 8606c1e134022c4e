/** Who made a change the audit log records (lib/server/audit), as the browser shows it too. */
export const AUDIT_ROLES = ["employer", "moderator", "system"] as const;
export type AuditRole = (typeof AUDIT_ROLES)[number];
