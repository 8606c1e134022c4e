/*
 * Applications on the board (issue 27), as the server and the browser share them: an
 * application's stages, its messages, and the limits. Plain constants, below the domain's schemas
 * (features/applications/schemas.ts). The values the tables check (stages, message sides and
 * vias, close reasons) are the data model's, lib/model/applications.ts, re-exported here. How a listing takes applications and what it asks (apply methods, screening
 * questions, applicant mail) are the job's fields: features/jobs/constants.ts.
 */

import type { ApplicationStage } from "@/lib/model/applications";

export const SHORT_ANSWER_MAX = 500;
export const COVER_NOTE_MAX = 4_000;

export {
  APPLICATION_STAGES,
  CLOSE_REASONS,
  INTERVIEWED_STAGES,
  MESSAGE_SIDES,
  MESSAGE_VIAS,
  type ApplicationStage,
  type CloseReason,
  type MessageSide,
  type MessageVia,
} from "@/lib/model/applications";

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

export const MESSAGE_MAX = 4_000;

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
