/* The candidate directory's invitations as the tables store them (lib/server/db/schema/directory.ts). */

export const INVITATION_STATUSES = ["sent", "accepted", "declined"] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];
