// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import { z } from "zod";
import { keywordParam } from "@/features/jobs/filter-schemas";
import { MAX_PAGE } from "@/features/jobs/filters";
import { QUERY_NAMING, type Parsed } from "@/lib/validation/field-errors";
import {
  blankToNull,
  single,
  singleLine,
  taxonomySlugs,
  timestamp,
  wholeNumber,
} from "@/lib/validation/fields";
import { parseInput } from "@/lib/validation/input";
import { talentProfileSchema } from "@/features/directory/schemas";
import { DEPARTMENTS, JOB_TYPES, REGIONS } from "@/lib/taxonomy";
import {
  ACTIVE_WITHIN_DAYS,
  DECLINE_REASON_MAX,
  INVITATION_MESSAGE_MAX,
  INVITATION_STATUSES,
  PROFILE_KEY_PATTERN,
  type ActiveWithinDays,
} from "@/features/directory/directory";

/*
 * The candidate directory's contracts (issue 47): the employers' search and profile, invitations
 * to apply as the employer and the candidate see them, and the candidate's privacy lists.
 */

/** A profile's key in a path: anything else names no profile (404). */
export const profileKeySegment = z.string().regex(PROFILE_KEY_PATTERN, "Candidate not found");

const choiceCounts = z.record(z.string(), z.int().nonnegative());

/** The employers' search: the board's keyword search over profiles, and filters. */
export const directoryFiltersSchema = z
  .strictObject({
    q: keywordParam,
    department: single(z.enum(taxonomySlugs(DEPARTMENTS), "Unknown department")),
    region: single(z.enum(taxonomySlugs(REGIONS), "Unknown region")),
    /** A kind of work the candidate is open to (their preferences' job types). */
    type: single(z.enum(taxonomySlugs(JOB_TYPES), "Unknown job type")),
    /**
     * The most the employer pays a year (USD): candidates whose lowest acceptable pay is at most
     * this, or who named none.
     */
    pay: single(wholeNumber("The pay", 0, 10_000_000)),
    /** Signed in within this many days. */
    active: single(
      z
        .enum(ACTIVE_WITHIN_DAYS.map(String) as [string, ...string[]], "Choose 7, 30 or 90 days")
        .transform((days) => Number(days) as ActiveWithinDays),
    ),
    page: single(wholeNumber("The page", 1, MAX_PAGE)),
  })
  .transform(({ q, department, region, type, pay, active, page }) => ({
    ...(q ? { q } : {}),
    ...(department ? { department } : {}),
    ...(region ? { region } : {}),
    ...(type ? { type } : {}),
    ...(pay !== undefined ? { pay } : {}),
    ...(active ? { active } : {}),
    page: page ?? 1,
  }));

export type DirectoryFilters = z.output<typeof directoryFiltersSchema>;

export const parseDirectoryFilters = (query: Record<string, unknown>): Parsed<DirectoryFilters> =>
  parseInput(directoryFiltersSchema, query, QUERY_NAMING);

/** A company's daily allowance (profile views or invitations), counted per UTC day. */
export const quotaSchema = z
  .strictObject({
    limit: z.int().positive(),
    used: z.int().nonnegative(),
    left: z.int().nonnegative(),
    /** The next UTC midnight, when it starts again. */
    resets_at: timestamp,
  })
  .meta({ id: "DirectoryQuota" });

/** A candidate as the employers' search lists them. Never an e-mail address. */
export const directoryCardSchema = talentProfileSchema
  .extend({
    key: z.string(),
    /** From their preferences, beside the departments and regions: the job types they want. */
    types: z.array(z.string()),
    /** The lowest yearly pay they accept (USD), or null. */
    salary_min: z.int().nullable(),
    /** The shortest of 7, 30 and 90 days they were signed in within; null when longer ago. */
    active_within: z.union([z.literal(7), z.literal(30), z.literal(90)]).nullable(),
    /** Opened by the company today already: opening it again costs no view. */
    viewed_today: z.boolean(),
  })
  .meta({ id: "DirectoryCard" });

export const directoryPageSchema = z
  .strictObject({
    profiles: z.array(directoryCardSchema),
    total: z.int().nonnegative(),
    page: z.int().positive(),
    page_count: z.int().positive(),
    /** The search as matched when a word was taken for a typo. */
    corrected_q: z.string().nullable(),
    facets: z.strictObject({ department: choiceCounts, region: choiceCounts, type: choiceCounts }),
    /** Candidates of this page left out: new today, and the day's allowance (`views`) used. */
    withheld: z.int().nonnegative(),
    /** Candidates the company may see today, in search or opened, each counted once a day. */
    views: quotaSchema,
    invitations: quotaSchema,
  })
  .meta({ id: "DirectoryPage", description: "A page of the employers' candidate search" });

/** An invitation to apply, as the company that sent it sees it. */
export const sentInvitationSchema = z
  .strictObject({
    id: z.int().positive(),
    /** Null once the candidate deleted their account or hid their profile. */
    candidate: z.strictObject({ key: z.string(), name: z.string() }).nullable(),
    job: z.strictObject({ id: z.int().positive(), title: z.string() }),
    message: z.string(),
    status: z.enum(INVITATION_STATUSES),
    /** The candidate's reason, when they gave one with a decline. */
    decline_reason: z.string().nullable(),
    invited_by: z.string().nullable(),
    created_at: timestamp,
    answered_at: timestamp.nullable(),
  })
  .meta({ id: "SentInvitation" });

/** A candidate's profile as an employer (or a moderator) opens it. */
export const directoryProfileSchema = directoryCardSchema
  .extend({
    bio: z.string().nullable(),
    website_url: z.string().nullable(),
    linkedin_url: z.string().nullable(),
    remote_only: z.boolean(),
    /** Whether the candidate takes invitations (from this company): the invite form shows. */
    invitable: z.boolean(),
    /** This company's invitations to them, newest first. */
    invitations: z.array(sentInvitationSchema),
    /**
     * This company's listings they already applied to on the board (issue 61): the invite form
     * warns before inviting them to one, which the server refuses.
     */
    applied_job_ids: z.array(z.number().int()),
  })
  .meta({ id: "DirectoryProfile" });

export const directoryProfileAnswerSchema = z.strictObject({
  profile: directoryProfileSchema,
  views: quotaSchema,
  invitations: quotaSchema,
});

export const invitationInputSchema = z.strictObject({
  job_id: z.int("Choose one of your live listings").positive("Choose one of your live listings"),
  message: z
    .string("Write a short message")
    .trim()
    .min(1, "Write a short message")
    .max(INVITATION_MESSAGE_MAX, `Keep the message under ${INVITATION_MESSAGE_MAX} characters`),
});

export const sentInvitationsAnswerSchema = z.strictObject({
  invitations: z.array(sentInvitationSchema),
  invitations_today: quotaSchema,
});

/** An invitation to apply, as the candidate sees it in their profile area. */
export const receivedInvitationSchema = z
  .strictObject({
    id: z.int().positive(),
    company: z.strictObject({
      id: z.int().positive(),
      name: z.string(),
      slug: z.string(),
    }),
    job: z.strictObject({
      id: z.int().positive(),
      title: z.string(),
      /** The job's page on the board. */
      url: z.string(),
      /** Still taking applications. */
      open: z.boolean(),
    }),
    message: z.string(),
    status: z.enum(INVITATION_STATUSES),
    decline_reason: z.string().nullable(),
    created_at: timestamp,
    answered_at: timestamp.nullable(),
    /** The candidate stopped invitations from this company. */
    company_blocked: z.boolean(),
  })
  .meta({ id: "ReceivedInvitation" });

export const receivedInvitationsAnswerSchema = z.strictObject({
  invitations: z.array(receivedInvitationSchema),
});

export const acceptInvitationAnswerSchema = z.strictObject({
  invitation: receivedInvitationSchema,
  /** Where the apply form opens for this job with the invitation carried. */
  apply_url: z.string(),
});

export const declineInputSchema = z.strictObject({
  reason: z
    .preprocess(
      blankToNull,
      singleLine(
        z
          .string("The reason must be text")
          .trim()
          .max(DECLINE_REASON_MAX, `Keep the reason under ${DECLINE_REASON_MAX} characters`),
      ).nullable(),
    )
    .optional(),
  /** Also stop every invitation from this company (and hide the profile from it). */
  stop_company: z.boolean("Stop invitations must be true or false").optional(),
});

/** A company the candidate stopped: it no longer finds, opens or invites them. */
export const blockedCompanySchema = z
  .strictObject({
    id: z.int().positive(),
    name: z.string(),
    slug: z.string(),
    blocked_at: timestamp,
  })
  .meta({ id: "BlockedCompany" });

export const blockedCompaniesAnswerSchema = z.strictObject({
  companies: z.array(blockedCompanySchema),
});

/** A company that opened the candidate's profile in the last 30 days (the company, not who). */
export const profileViewSchema = z
  .strictObject({
    company: z.strictObject({ name: z.string(), slug: z.string() }),
    /** The days it opened the profile on, within the window. */
    days: z.int().positive(),
    last_viewed_at: timestamp,
  })
  .meta({ id: "ProfileView" });

export const profileViewsAnswerSchema = z.strictObject({
  views: z.array(profileViewSchema),
});
