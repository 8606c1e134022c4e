/*
 * Applications on the board (issue 27), as the server and the browser share them: how a listing
 * takes applications, its screening questions, an application's stages, and the limits. Plain
 * constants, below the domain's schemas (features/applications/schemas.ts) and the tables
 * (lib/server/db/schema/applications.ts), which both read them.
 */

/** How a listing takes applications: on the board, at a link, or by email. */
export const APPLY_METHODS = ["board", "link", "email"] as const;
export type ApplyMethod = (typeof APPLY_METHODS)[number];

export const APPLY_METHOD_LABELS: Record<ApplyMethod, string> = {
  board: "On the board",
  link: "On your site (a link)",
  email: "By email",
};

/** A screening question: answered yes or no, or in a few words. */
export const SCREENING_QUESTION_KINDS = ["yes_no", "short"] as const;
export type ScreeningQuestionKind = (typeof SCREENING_QUESTION_KINDS)[number];

export const MAX_SCREENING_QUESTIONS = 5;
export const SCREENING_QUESTION_MAX = 200;
export const SHORT_ANSWER_MAX = 500;
export const COVER_NOTE_MAX = 4_000;

/** Where an application stands, in the order it moves. */
export const APPLICATION_STAGES = [
  "new",
  "reviewing",
  "interview",
  "offer",
  "hired",
  "not_selected",
] as const;
export type ApplicationStage = (typeof APPLICATION_STAGES)[number];

export const STAGE_LABELS: Record<ApplicationStage, string> = {
  new: "New",
  reviewing: "Reviewing",
  interview: "Interview",
  offer: "Offer",
  hired: "Hired",
  not_selected: "Not selected",
};

/** The stages of an application still waiting for an answer: closed out if its listing ends. */
export const OPEN_STAGES: readonly ApplicationStage[] = ["new", "reviewing", "interview", "offer"];

/** The stages whose reaching the candidate hears of by mail. */
export const NOTIFIED_STAGES: readonly ApplicationStage[] = ["interview", "offer", "not_selected"];

/** Why an open application was closed without a decision: its listing left the board. */
/** Who wrote a message on an application (issue 42): its listing's employer, or the candidate. */
export const MESSAGE_SIDES = ["employer", "candidate"] as const;
export type MessageSide = (typeof MESSAGE_SIDES)[number];

/** Where a message was written: on the board, or as an answer to the mail that told of one. */
export const MESSAGE_VIAS = ["board", "mail"] as const;
export type MessageVia = (typeof MESSAGE_VIAS)[number];

export const MESSAGE_MAX = 4_000;

/**
 * The first line of mail that can be answered by mail: an answer is written above it, and the
 * reply inbox keeps only what is above (features/applications/server/reply-text.ts).
 */
export const REPLY_MARKER = "##- Write your answer above this line -##";

export const CLOSE_REASONS = ["filled", "withdrawn", "removed", "expired"] as const;
export type CloseReason = (typeof CLOSE_REASONS)[number];

/** A CV: a PDF of at most 5 MB. */
export const CV_MAX_BYTES = 5 * 1024 * 1024;

/** What the apply form and the server say to an application without a CV. */
export const NO_CV_MESSAGE = `Add your CV (a PDF of up to ${CV_MAX_BYTES / 1024 / 1024} MB)`;

/** What the apply form and the server say to a CV over CV_MAX_BYTES. */
export const CV_TOO_LARGE_MESSAGE = `Keep the CV under ${CV_MAX_BYTES / 1024 / 1024} MB`;

/** What the apply form and the server say to a CV that is not a PDF. */
export const CV_NOT_PDF_MESSAGE = "The CV must be a PDF file";

/** How long after its listing closed an application's CV and answers are kept: lib/legal-figures. */
export { APPLICATION_RETENTION_DAYS } from "@/lib/legal-figures";

/** How the employer hears of new applicants: each at once, or one digest a day. */
export const APPLICANT_MAIL_FREQUENCIES = ["instant", "daily"] as const;
export type ApplicantMailFrequency = (typeof APPLICANT_MAIL_FREQUENCIES)[number];
