// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import { z } from "zod";
import { BOARD_AREAS, BOARD_ROLES } from "@/lib/auth/board-roles";
import { COMPANY_ROLES } from "@/lib/auth/company-roles";
import { blankAsClear, singleLine, timestamp } from "@/lib/validation/fields";
import { PROFILE_VISIBILITIES } from "@/lib/model/account";

/** Optional text: blank means "clear it". */
const optionalText = (label: string, max: number, line: "single" | "multi") => {
  const text = z
    .string(`${label} must be text`)
    .trim()
    .max(max, `Keep ${label.toLowerCase()} under ${max} characters`);
  return z.preprocess(blankAsClear, (line === "single" ? singleLine(text) : text).nullable());
};

const optionalUrl = (label: string) =>
  z.preprocess(
    blankAsClear,
    z
      .url({
        protocol: /^https?$/,
        message: `${label} must be a web address starting with https://`,
      })
      .max(300, `Keep ${label.toLowerCase()} under 300 characters`)
      .nullable(),
  );

const profileVisibilitySchema = z.enum(
  PROFILE_VISIBILITIES,
  "Choose public, employers only or hidden",
);

/** The fields a candidate may change on their own account; all optional in one PATCH. */
export const currentUserChangesSchema = z
  .strictObject({
    full_name: singleLine(
      z
        .string("Your name must be text")
        .trim()
        .min(1, "Enter your name")
        .max(100, "Keep your name under 100 characters"),
    ),
    headline: optionalText("Headline", 120, "single"),
    bio: optionalText("Bio", 2000, "multi"),
    location: optionalText("Location", 100, "single"),
    website_url: optionalUrl("Website"),
    linkedin_url: optionalUrl("LinkedIn profile"),
    skills: z
      .array(
        singleLine(
          z
            .string()
            .trim()
            .min(1, "A skill cannot be blank")
            .max(40, "Keep each skill under 40 characters"),
        ),
      )
      .max(30, "List at most 30 skills"),
    open_to_work: z.boolean("Open to work must be true or false"),
    /** Who sees the profile: everyone, employers hiring on the board, or nobody. */
    profile_visibility: profileVisibilitySchema,
    /** Takes invitations to apply from employers. */
    invitations_open: z.boolean("Invitations must be true or false"),
    email_news: z.boolean("Email news must be true or false"),
  })
  .partial();

export type CurrentUserChanges = z.output<typeof currentUserChangesSchema>;

/** The signed-in person as GET /api/current_user answers (spec §3 reads avatar_url and full_name). */
export const currentUserSchema = z
  .strictObject({
    id: z.int().positive(),
    email: z.string().nullable(),
    /** An https picture from the identity provider, or null. */
    avatar_url: z.string().nullable(),
    full_name: z.string().nullable(),
    headline: z.string().nullable(),
    bio: z.string().nullable(),
    location: z.string().nullable(),
    website_url: z.string().nullable(),
    linkedin_url: z.string().nullable(),
    skills: z.array(z.string()),
    open_to_work: z.boolean(),
    profile_visibility: z.enum(PROFILE_VISIBILITIES),
    invitations_open: z.boolean(),
    email_news: z.boolean(),
    created_at: timestamp,
    /** On the board's team, in any role (issue 64); shows the link to /review. */
    is_moderator: z.boolean(),
    /** Their role on the board's team, or null. */
    board_role: z.enum(BOARD_ROLES).nullable(),
    /** The areas of /review their role reaches: /review shows only these. */
    board_areas: z.array(z.enum(BOARD_AREAS)),
    /**
     * The company whose listings they run (made with their first listing, or joined by an
     * invitation), with their role in it; shows its links and what the role may do.
     */
    company: z
      .strictObject({ name: z.string(), slug: z.string(), role: z.enum(COMPANY_ROLES) })
      .nullable(),
  })
  .meta({ id: "CurrentUser", description: "The signed-in person's own account" });

export type CurrentUser = z.output<typeof currentUserSchema>;
