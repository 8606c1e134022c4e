// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import { z } from "zod";
import { MAX_ID } from "@/lib/ids";
import { normaliseSource } from "@/lib/model/traffic-source";
import { blankToNull, singleLine, timestamp, webAddress } from "@/lib/validation/fields";
import {
  APPLICATION_STAGES,
  CLOSE_REASONS,
  COVER_NOTE_MAX,
  MESSAGE_MAX,
  MESSAGE_SIDES,
  MESSAGE_VIAS,
  SHORT_ANSWER_MAX,
} from "@/features/applications/constants";

export {
  screeningQuestionSchema,
  screeningQuestionsSchema,
} from "@/features/jobs/question-schemas";

/*
 * Applications on the board (issue 27): what a candidate sends, and what the candidate and the
 * employer are answered. Types are inferred from these; constants sit below, in constants.ts.
 */

const id = z.int().positive();

/**
 * POST /api/jobs/{jobId}/applications: the application as the form sends it. The CV is the one
 * on the candidate's profile (PUT /api/profile/cv), copied with the application.
 */
export const applicationBodySchema = z
  .strictObject({
    full_name: singleLine(
      z
        .string("Enter your name")
        .trim()
        .min(2, "Enter your name")
        .max(120, "Keep your name under 120 characters"),
    ),
    /**
     * Optional: an application is sent from the signed-in account's verified address. Given,
     * it must be that address (a 422 otherwise).
     */
    email: z.email("Enter an email address like you@example.com").max(200).optional(),
    headline: z.preprocess(
      blankToNull,
      singleLine(z.string().trim().max(160, "Keep the headline under 160 characters")).nullable(),
    ),
    links: z.array(webAddress("the link")).max(5, "Give at most 5 links").default([]),
    cover_note: z.preprocess(
      blankToNull,
      z
        .string()
        .trim()
        .max(
          COVER_NOTE_MAX,
          `Keep the note under ${COVER_NOTE_MAX.toLocaleString("en-US")} characters`,
        )
        .nullable(),
    ),
    /** By question id; checked against the listing's questions by the server. */
    answers: z
      .record(
        z.string().max(12),
        z
          .string()
          .trim()
          .max(SHORT_ANSWER_MAX, `Keep an answer under ${SHORT_ANSWER_MAX} characters`),
      )
      .default({}),
    /**
     * The invitation to apply it answers (issue 47), as the form opened from an accepted one
     * carries it: the caller's own, for this very job (a 422 otherwise). The pipeline marks the
     * application invited.
     */
    invitation_id: z
      .int("The invitation must be a whole number")
      .positive("The invitation must be a whole number")
      .max(MAX_ID, "The invitation must be a whole number")
      .optional(),
    /**
     * Where the candidate's visit to the board came from (issue 65), as the tab's first page
     * remembered it (lib/model/traffic-source.ts): a host or a campaign's word. Normalised as
     * the traffic figures are; one that is neither (a URL, punctuation) is left out rather than
     * refused, so that it never stands in the way of an application. Over 200 characters: 422.
     */
    source: z
      .string("The source must be text")
      .max(200, "Keep the source under 200 characters")
      .transform((source) => normaliseSource(source) ?? undefined)
      .optional(),
  })
  .meta({ id: "ApplicationBody" });

export type ApplicationBody = z.output<typeof applicationBodySchema>;

const stage = z.enum(APPLICATION_STAGES, `Choose one of: ${APPLICATION_STAGES.join(", ")}`);

const answerSchema = z.strictObject({
  question_id: z.string(),
  prompt: z.string(),
  answer: z.string(),
});

/** An application as its candidate sees it: where it stands, and since when. */
/**
 * One message of an application's conversation (issue 42), as both sides read it: who wrote it
 * by side and name (the company's, or the candidate's), never by address.
 */
export const applicationMessageSchema = z
  .strictObject({
    id,
    from: z.enum(MESSAGE_SIDES),
    /** The company's name for the employer's side; the candidate's name for theirs. */
    author: z.string().nullable(),
    /**
     * The person of the employer's team who wrote it (issue 61), by name: teammates see a name or
     * an address, the candidate a name only; null for the candidate's messages, or when unknown.
     */
    writer: z.string().nullable(),
    /** Written by whoever reads it: "You" only then, so a teammate's message is theirs. */
    mine: z.boolean(),
    body: z.string(),
    /** The stage it came with, when the employer sent it with a stage change. */
    stage: stage.nullable(),
    /** Written on the board, or as an answer to the mail that told of the last message. */
    via: z.enum(MESSAGE_VIAS),
    created_at: timestamp,
  })
  .meta({ id: "ApplicationMessage" });

export type ApplicationMessage = z.output<typeof applicationMessageSchema>;

/** POST …/messages: a message for the other side. */
export const messageBodySchema = z.strictObject({
  body: z
    .string("Write your message")
    .trim()
    .min(1, "Write your message")
    .max(MESSAGE_MAX, `Keep the message under ${MESSAGE_MAX.toLocaleString("en")} characters`),
});

export const ownJobApplicationSchema = z
  .strictObject({
    id,
    job: z.strictObject({
      id,
      slug: z.string(),
      title: z.string(),
      company_name: z.string(),
    }),
    stage,
    stage_changed_at: timestamp,
    /** The employer's message with the last change (a rejection's, say). */
    stage_message: z.string().nullable(),
    /** Closed without a decision because its listing left the board, and why. */
    closed_reason: z.enum(CLOSE_REASONS).nullable(),
    withdrawn_at: timestamp.nullable(),
    created_at: timestamp,
    /** The conversation with the employer, oldest first (issue 42). */
    messages: z.array(applicationMessageSchema),
  })
  .meta({ id: "OwnJobApplication" });

export type OwnJobApplication = z.output<typeof ownJobApplicationSchema>;

/** An applicant as the listing's employer sees them in the pipeline's list. */
export const applicantSummarySchema = z
  .strictObject({
    id,
    /** Null once purged, APPLICATION_RETENTION_DAYS after its listing closed. */
    full_name: z.string().nullable(),
    email: z.string().nullable(),
    headline: z.string().nullable(),
    stage,
    stage_changed_at: timestamp,
    created_at: timestamp,
    withdrawn_at: timestamp.nullable(),
    closed_reason: z.enum(CLOSE_REASONS).nullable(),
    /** When what the candidate sent, and who they are, was deleted; only the outcome stays. */
    purged_at: timestamp.nullable(),
    has_cv: z.boolean(),
    /** Applied from the company's invitation to apply (issue 47): the pipeline marks it. */
    invited: z.boolean(),
  })
  .meta({ id: "ApplicantSummary" });

export const applicantNoteSchema = z
  .strictObject({ id, body: z.string(), author: z.string().nullable(), created_at: timestamp })
  .meta({ id: "ApplicantNote" });

/** One applicant, whole: what they sent, and the employer's notes. */
export const applicantDetailSchema = applicantSummarySchema
  .extend({
    links: z.array(z.string()),
    cover_note: z.string().nullable(),
    answers: z.array(answerSchema),
    cv_name: z.string().nullable(),
    stage_message: z.string().nullable(),
    /** Who in the company made the last stage change: "Sam"; null for the board, or not known. */
    stage_changed_by: z.string().nullable(),
    notes: z.array(applicantNoteSchema),
    /** The conversation with the candidate, oldest first (issue 42). */
    messages: z.array(applicationMessageSchema),
  })
  .meta({ id: "ApplicantDetail" });

export type ApplicantSummary = z.output<typeof applicantSummarySchema>;
export type ApplicantDetail = z.output<typeof applicantDetailSchema>;

/** GET /api/listings/{id}/applicants: a listing's applicants, and how many in each stage. */
export const applicantListSchema = z.strictObject({
  /** The listing they applied to, named (the page's heading, for its employer or a moderator). */
  listing: z.strictObject({ id, title: z.string(), company_name: z.string() }),
  applicants: z.array(applicantSummarySchema),
  counts: z.record(z.enum(APPLICATION_STAGES), z.int().nonnegative()),
});

export const applicantsQuerySchema = z
  .strictObject({ stage: z.enum(APPLICATION_STAGES).optional() })
  .meta({ id: "ApplicantsQuery" });

const stageMessage = z.preprocess(
  blankToNull,
  z.string().trim().max(2_000, "Keep the message under 2,000 characters").nullable(),
);

/** PATCH …/applicants/{applicationId}: a new stage, with a message for the candidate. */
export const stageMoveSchema = z.strictObject({
  stage,
  message: stageMessage.optional(),
});

/** POST …/applicants/reject: several applicants set Not selected at once, with one message. */
export const bulkRejectSchema = z.strictObject({
  ids: z.array(id).min(1, "Choose at least one applicant").max(500),
  message: stageMessage.optional(),
});

/** POST …/applicants/{applicationId}/notes. */
export const noteBodySchema = z.strictObject({
  body: z.string("Write the note").trim().min(1, "Write the note").max(4_000),
});
