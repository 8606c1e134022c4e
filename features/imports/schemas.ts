// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import { z } from "zod";
import { isCountryCode } from "@/lib/countries/country-codes";
import { DEPARTMENTS, JOB_TYPES, REGIONS } from "@/lib/taxonomy";
import { offerSlug, taxonomySlugs, timestamp } from "@/lib/validation/fields";
import { SALARY_PERIODS } from "@/features/jobs/pay";
import { ATS_KINDS, ATS_LABELS, BOARD_NAME_MAX, normaliseBoard } from "./ats";
import { SKIP_REASONS } from "./labels";
import { SOURCE_STATUSES, type SourceReport, type SourceRulesJson } from "@/lib/model/imports";
import { sameType } from "@/lib/model/same";

/*
 * The import API's bodies and answers (issue 46): a source's choices, its preview, and what its
 * runs did.
 */

// A source's status and its JSON columns' shapes are the data model's (lib/model/imports.ts).
export {
  SOURCE_STATUSES,
  type SourceReport,
  type SourceRulesJson,
  type SourceStatus,
} from "@/lib/model/imports";

// The skip reasons' words and the limit are browser-safe, in ./labels (the screens read them).
export { IMPORTED_LISTINGS_MAX, SKIP_REASON_LABELS, SKIP_REASONS, type SkipReason } from "./labels";

const atsName = (value: string) => value.trim().toLowerCase().slice(0, 100);
const mapping = <T extends [string, ...string[]]>(slugs: T, message: string) =>
  z
    .record(z.string().trim().min(1).max(100), z.enum(slugs, message))
    .refine((table) => Object.keys(table).length <= 100, "Keep the table under 100 rows")
    .transform((table) =>
      Object.fromEntries(Object.entries(table).map(([name, slug]) => [atsName(name), slug])),
    );
const names = z
  .array(z.string().trim().min(1).max(100))
  .max(100, "Choose at most 100")
  .transform((list) => [...new Set(list.map(atsName))]);

/** A source's choices: which jobs to take and how the ATS's words map to the board's. */
export const sourceRulesSchema = z.strictObject({
  /** An ATS department name → a board department. */
  departments: mapping(taxonomySlugs(DEPARTMENTS), "Choose one of the board's departments").default(
    {},
  ),
  /** An ATS employment type → a board job type. */
  types: mapping(taxonomySlugs(JOB_TYPES), "Choose one of the board's job types").default({}),
  /** Countries a remote job that names none hires in; null: such jobs wait, "needs countries". */
  remote_countries: z
    .array(z.string().refine(isCountryCode, "Choose countries by their two-letter codes"))
    .min(1, "Choose at least one country, or none at all")
    .max(250)
    .nullable()
    .default(null),
  /** Take only jobs in these ATS departments; empty: every one. */
  only_departments: names.default([]),
  /** Take only jobs at these ATS locations; empty: every one. Kept for sources that chose so. */
  only_locations: names.default([]),
  /**
   * Take only jobs in these countries (two-letter codes), as the board reads where each job is
   * (issue 61); empty: every country.
   */
  only_countries: z
    .array(z.string().refine(isCountryCode, "Choose countries by their two-letter codes"))
    .max(250)
    .transform((codes) => [...new Set(codes.map((code) => code.toUpperCase()))])
    .default([]),
});
export type SourceRulesInput = z.input<typeof sourceRulesSchema>;

/** A source's choices as the API answers them (as stored: already normalised). */
export const sourceRulesAnswerSchema = z
  .strictObject({
    departments: z.record(z.string(), z.enum(taxonomySlugs(DEPARTMENTS))),
    types: z.record(z.string(), z.enum(taxonomySlugs(JOB_TYPES))),
    remote_countries: z.array(z.string()).nullable(),
    only_departments: z.array(z.string()),
    only_locations: z.array(z.string()),
    only_countries: z.array(z.string()),
  })
  .meta({ id: "ImportRules" });
// The rules build exactly import_sources.rules' shape (tsc fails here if the two part).
sameType<z.output<typeof sourceRulesSchema>, SourceRulesJson>(true);

const atsSchema = z.enum(ATS_KINDS, "Choose your applicant tracking system");

/** The ATS and board, checked and normalised together: the board's name depends on the ATS. */
export const boardInputSchema = z
  .strictObject({
    ats: atsSchema,
    board: z
      .string("Enter the board's name")
      .trim()
      .min(1, "Enter the board's name")
      .max(300, `Keep the board's name under ${BOARD_NAME_MAX} characters`),
  })
  .transform((input, context) => {
    const board = normaliseBoard(input.ats, input.board);
    if (board === null) {
      context.addIssue({
        code: "custom",
        path: ["board"],
        message: `Enter the board's name as it is in its address on ${ATS_LABELS[input.ats]}`,
      });
      return z.NEVER;
    }
    return { ats: input.ats, board };
  });

export const previewInputSchema = z.strictObject({
  ats: atsSchema,
  board: z.string(),
  rules: sourceRulesSchema.default(sourceRulesSchema.parse({})),
});

export const sourceInputSchema = previewInputSchema.extend({
  plan: offerSlug("Choose a plan").default("standard"),
});

export const sourceChangesSchema = z.strictObject({
  rules: sourceRulesSchema.optional(),
  plan: offerSlug("Choose a plan").optional(),
  status: z.enum(SOURCE_STATUSES).optional(),
});

/** What a listing made from an imported job says: its title, where, what kind, and its pay. */
const listingFacts = {
  title: z.string(),
  department: z.enum(taxonomySlugs(DEPARTMENTS)),
  region: z.enum(taxonomySlugs(REGIONS)),
  type: z.enum(taxonomySlugs(JOB_TYPES)),
  location: z.string(),
  salary_min: z.number().int().nullable(),
  salary_max: z.number().int().nullable(),
  salary_currency: z.string(),
  salary_period: z.enum(SALARY_PERIODS),
};

/** One job as its listing would be, in a preview or a report. */
export const importedJobSchema = z
  .strictObject({
    external_id: z.string(),
    ...listingFacts,
  })
  .meta({ id: "ImportedJob" });

export const skippedJobSchema = z
  .strictObject({
    external_id: z.string(),
    title: z.string(),
    reason: z.enum(SKIP_REASONS),
    message: z.string(),
  })
  .meta({ id: "SkippedJob" });

/** Counts of a board's jobs by one of its own words (a department or a location). */
const tallySchema = z.array(z.strictObject({ name: z.string(), jobs: z.number().int() }));

/** The same, with the board's word its jobs were read as, most of them (null: none). */
const mappedTally = <T extends [string, ...string[]]>(slugs: T) =>
  z.array(
    z.strictObject({ name: z.string(), jobs: z.number().int(), mapped: z.enum(slugs).nullable() }),
  );

export const sourcePreviewSchema = z
  .strictObject({
    ats: atsSchema,
    board: z.string(),
    /** The company's name as the ATS gives it, where it does: is this the right board? */
    company_name: z.string().nullable(),
    /** The site most of its job pages are on when not the ATS's own: the company's domain. */
    company_site: z.string().nullable(),
    /** Every job on the board, listed or not. */
    total: z.number().int(),
    importable: z.number().int(),
    /** The first few as their listings would appear. */
    sample: z.array(importedJobSchema),
    skipped: z.array(skippedJobSchema),
    /** Its departments, each with the board's department its jobs were read as. */
    departments: mappedTally(taxonomySlugs(DEPARTMENTS)),
    /** Its employment types, each with the board's job type. */
    types: mappedTally(taxonomySlugs(JOB_TYPES)),
    locations: tallySchema,
    /** The countries its jobs are in, as the board reads them (issue 61): what to choose among. */
    countries: z.array(
      z.strictObject({ code: z.string(), name: z.string(), jobs: z.number().int() }),
    ),
  })
  .meta({ id: "SourcePreview" });
export type SourcePreview = z.output<typeof sourcePreviewSchema>;

/** What one run did. */
export const sourceReportSchema = z
  .strictObject({
    at: timestamp,
    added: z.number().int(),
    changed: z.number().int(),
    ended: z.number().int(),
    unchanged: z.number().int(),
    skipped: z.array(skippedJobSchema),
    /** True when the ATS answered as last time (304, or the same body): nothing was read. */
    not_modified: z.boolean(),
    /** Paid listings posted as Standard because no credit was left. */
    without_credit: z.number().int(),
  })
  .meta({ id: "SourceReport" });
// A run's report builds exactly import_sources.last_report's shape.
sameType<z.output<typeof sourceReportSchema>, SourceReport>(true);

export const sourceSchema = z
  .strictObject({
    id: z.number().int(),
    ats: atsSchema,
    board: z.string(),
    plan: z.string(),
    rules: sourceRulesAnswerSchema,
    status: z.enum(SOURCE_STATUSES),
    paused_reason: z.string().nullable(),
    /** False until a moderator approves its first import: its listings wait in review. */
    reviewed: z.boolean(),
    live_listings: z.number().int(),
    last_run_at: timestamp.nullable(),
    last_success_at: timestamp.nullable(),
    next_run_at: timestamp.nullable(),
    failures: z.number().int(),
    last_error: z.string().nullable(),
    last_report: sourceReportSchema.nullable(),
    created_at: timestamp,
  })
  .meta({ id: "ImportSource" });
export type SourceJson = z.output<typeof sourceSchema>;

export const sourcesAnswerSchema = z.strictObject({ sources: z.array(sourceSchema) });

/**
 * What supports a company's claim to a board (issue 60): what the board says of itself against
 * what the company is, for a moderator to weigh, and the other companies claiming it.
 */
export const boardClaimSchema = z
  .strictObject({
    /** The company's name as the ATS gives it, when it does. */
    ats_company_name: z.string().nullable(),
    /** The site the board's job pages are on when not the ATS's own: the company's domain. */
    ats_site: z.string().nullable(),
    /** The company's own website, as its page gives it. */
    company_website: z.string().nullable(),
    /** The domain of the address of the member who claimed it (null: a moderator added it). */
    claimed_from: z.string().nullable(),
    /** Other companies' claims to the same board. */
    competing: z.array(
      z.strictObject({
        source_id: z.number().int(),
        company: z.strictObject({ id: z.number().int(), name: z.string(), slug: z.string() }),
        reviewed: z.boolean(),
      }),
    ),
  })
  .meta({ id: "BoardClaim" });

/** A source as moderators see it: with its company, and what supports its claim. */
export const moderatorSourceSchema = sourceSchema
  .extend({
    company: z.strictObject({ id: z.number().int(), name: z.string(), slug: z.string() }),
    /** Members the company has: none for a company added by a moderator and not claimed yet. */
    members: z.number().int(),
    claim: boardClaimSchema,
  })
  .meta({ id: "ModeratorImportSource" });
export const moderatorSourcesAnswerSchema = z.strictObject({
  sources: z.array(moderatorSourceSchema),
});

/** A moderator adds a source for a company: one on the board, or a new one by name and site. */
export const moderatorSourceInputSchema = sourceInputSchema.extend({
  company_id: z.number().int().positive().optional(),
  company: z
    .strictObject({
      name: z.string().trim().min(1, "Enter the company's name").max(120),
      website: z.url("Enter the company's website, like https://example.com").max(200),
    })
    .optional(),
});

/** A moderator pauses a source, saying why, or resumes it. */
export const sourceStatusInputSchema = z.strictObject({
  status: z.enum(SOURCE_STATUSES, "Choose active or paused"),
  reason: z.string().trim().min(1).max(500).optional(),
});

/**
 * One listing of a source's first import waiting for a moderator (issue 61): as it would read
 * on the board once published, and whether approving publishes it (Google's rules for job
 * postings may keep it in the review queue, for a word on it alone).
 */
export const waitingListingSchema = z
  .strictObject({
    id: z.number().int(),
    ...listingFacts,
    /** Where candidates apply: the job's page on the ATS. */
    apply_url: z.string().nullable(),
    /** The description as the job's page shows it: safe HTML. */
    description_html: z.string(),
    /** False: Google's rules refuse its page, so it stays in the review queue. */
    publishes: z.boolean(),
    /** Why it stays, in the validator's words; empty when it publishes. */
    held_because: z.array(z.string()),
  })
  .meta({ id: "WaitingImportListing" });

/** What GET /api/moderation/imports/{sourceId} answers: the source, and its listings waiting. */
export const moderatorSourceReviewSchema = z.strictObject({
  source: moderatorSourceSchema,
  /** Its listings waiting in review, in the ATS's order (first seen first). */
  waiting: z.array(waitingListingSchema),
  /** How many of them approving publishes now. */
  publishes: z.number().int(),
});
