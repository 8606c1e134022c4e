// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import { z } from "zod";
import { single, timestamp, wholeNumber } from "@/lib/validation/fields";
import { ASSIGNABLE_ROLES, COMPANY_ROLES } from "@/lib/auth/company-roles";
import { APPLICANT_MAIL_CHOICES } from "./team";

/* The team's requests and answers (issue 44): members, invitations, the activity page. */

const id = z.int().positive();

export const companyRoleSchema = z.enum(COMPANY_ROLES);

/** A role an invitation or a role change gives (not owner: that passes by a handover). */
export const assignableRoleSchema = z.enum(
  ASSIGNABLE_ROLES,
  "Choose admin, recruiter or viewer (the owner hands the company over instead)",
);

export const teamMemberSchema = z
  .strictObject({
    id,
    name: z.string().nullable(),
    /** Their address, for the team; never shown outside it. */
    email: z.string().nullable(),
    avatar_url: z.string().nullable(),
    role: companyRoleSchema,
    joined_at: timestamp,
    is_you: z.boolean(),
  })
  .meta({ id: "TeamMember" });

export const pendingInvitationSchema = z
  .strictObject({
    id,
    email: z.string(),
    role: assignableRoleSchema,
    invited_by: z.string().nullable(),
    sent_at: timestamp,
    expires_at: timestamp,
    /** Its link no longer works: send it again or withdraw it. */
    expired: z.boolean(),
  })
  .meta({ id: "PendingInvitation" });

export const teamSchema = z
  .strictObject({
    company: z.strictObject({ id, name: z.string(), slug: z.string() }),
    you: z.strictObject({
      member_id: id,
      role: companyRoleSchema,
      applicant_mail: z.enum(APPLICANT_MAIL_CHOICES),
    }),
    members: z.array(teamMemberSchema),
    /** Pending invitations: for owner and admins; empty for the other roles. */
    invitations: z.array(pendingInvitationSchema),
    limits: z.strictObject({
      members_max: z.int(),
      /** Invitations that may still be sent in the last 24 hours' allowance. */
      invitations_left_today: z.int().nonnegative(),
    }),
  })
  .meta({ id: "Team" });

export const teamAnswerSchema = z.strictObject({ team: teamSchema });

export const invitationBodySchema = z.strictObject({
  invitation: z.strictObject({
    email: z
      .email("Enter an email address like sam@company.com")
      .max(200, "Keep the address under 200 characters"),
    role: assignableRoleSchema,
  }),
});

export const memberChangeBodySchema = z.strictObject({
  member: z.strictObject({ role: assignableRoleSchema }),
});

export const handoverBodySchema = z.strictObject({
  handover: z.strictObject({ member_id: id }),
});

export const membershipBodySchema = z.strictObject({
  membership: z.strictObject({
    applicant_mail: z.enum(APPLICANT_MAIL_CHOICES, "Choose which new-applicant mail you get"),
  }),
});

/** An invitation's link carries its token: 43 base64url characters (32 random bytes). */
export const invitationTokenSchema = z.strictObject({
  token: z
    .string()
    .regex(
      /^[\w-]{43}$/,
      "This is not an invitation link of ours: open the link in the mail again",
    ),
});

export const invitationPreviewSchema = z
  .strictObject({
    company_name: z.string(),
    role: assignableRoleSchema,
    /** The address it was sent to: in full to its owner, masked (`j•••@example.com`) to others. */
    email: z.string(),
    /** Whether the caller signs in with that address, and so may accept it. */
    for_you: z.boolean(),
    invited_by: z.string().nullable(),
    expires_at: timestamp,
  })
  .meta({ id: "InvitationPreview" });

export const activityQuerySchema = z.strictObject({
  /** Entries older than this entry id: the previous page's `next_before`. */
  before: single(wholeNumber("The cursor", 1, Number.MAX_SAFE_INTEGER)),
});

export const activityEntrySchema = z
  .strictObject({
    id,
    at: timestamp,
    /** Who did it: a member's name (or address), "A moderator", or null for the board itself. */
    actor: z.string().nullable(),
    action: z.string(),
    /** What it reads as: "Moved Ada Lovelace to Interview on Video Editor". */
    text: z.string(),
    /** Where it leads in the employer area, when somewhere. */
    href: z.string().nullable(),
  })
  .meta({ id: "ActivityEntry" });

export const activityPageSchema = z
  .strictObject({
    entries: z.array(activityEntrySchema),
    next_before: z.int().positive().nullable(),
  })
  .meta({ id: "ActivityPage" });
