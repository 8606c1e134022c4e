// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import { z } from "zod";
import { timestamp } from "@/lib/validation/fields";
import { BOARD_ROLES } from "@/lib/auth/board-roles";

/* The board's team's requests and answers (issue 64): members, invitations, accepting one. */

/** How long an invitation's link works (a resent one: from the resend). */
export { BOARD_INVITATION_DAYS } from "@/lib/auth/board-roles";

const id = z.int().positive();

export const boardRoleSchema = z.enum(BOARD_ROLES, "Choose owner, moderator, editor or finance");

export const boardMemberSchema = z
  .strictObject({
    id,
    user_id: id,
    name: z.string().nullable(),
    email: z.string().nullable(),
    role: boardRoleSchema,
    /** Who invited them (a name or an address), when known. */
    invited_by: z.string().nullable(),
    added_at: timestamp,
    is_you: z.boolean(),
  })
  .meta({ id: "BoardMember" });

export const boardInvitationSchema = z
  .strictObject({
    id,
    email: z.string(),
    role: boardRoleSchema,
    invited_by: z.string().nullable(),
    sent_at: timestamp,
    expires_at: timestamp,
    /** Its link no longer works: withdraw it and invite again. */
    expired: z.boolean(),
  })
  .meta({ id: "BoardInvitation" });

export const boardTeamSchema = z
  .strictObject({
    /** The owners ADMIN_EMAILS names: owners with no row, changed only by a deploy. */
    named_owners: z.array(z.string()),
    members: z.array(boardMemberSchema),
    invitations: z.array(boardInvitationSchema),
  })
  .meta({ id: "BoardTeam" });

export const boardTeamAnswerSchema = z.strictObject({ team: boardTeamSchema });

export const boardInvitationBodySchema = z.strictObject({
  invitation: z.strictObject({
    email: z
      .email("Enter an email address like sam@example.com")
      .max(200, "Keep the address under 200 characters"),
    role: boardRoleSchema,
  }),
});

export const boardMemberChangeSchema = z.strictObject({
  member: z.strictObject({ role: boardRoleSchema }),
});

/** An invitation's link carries its token, as a company's does. */
export { invitationTokenSchema as boardInvitationTokenSchema } from "@/features/companies/team-schemas";

export const boardInvitationPreviewSchema = z
  .strictObject({
    role: boardRoleSchema,
    /** The address it was sent to: in full to its owner, masked to anyone else. */
    email: z.string(),
    for_you: z.boolean(),
    invited_by: z.string().nullable(),
    expires_at: timestamp,
  })
  .meta({ id: "BoardInvitationPreview" });
