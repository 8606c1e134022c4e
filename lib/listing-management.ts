/** Where an employer's edit of a live listing stands. */
export const LISTING_EDIT_STATUSES = ["pending", "approved", "rejected", "superseded"] as const;
export type ListingEditStatus = (typeof LISTING_EDIT_STATUSES)[number];

/** Who made a change the audit log records. */
export const AUDIT_ROLES = ["employer", "moderator", "system"] as const;
export type AuditRole = (typeof AUDIT_ROLES)[number];
