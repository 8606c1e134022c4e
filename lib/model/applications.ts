/* An application's states and messages as the tables store them (lib/server/db/schema/applications.ts). */

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

/** Who wrote a message on an application (issue 42): its listing's employer, or the candidate. */
export const MESSAGE_SIDES = ["employer", "candidate"] as const;
export type MessageSide = (typeof MESSAGE_SIDES)[number];

/** Where a message was written: on the board, or as an answer to the mail that told of one. */
export const MESSAGE_VIAS = ["board", "mail"] as const;
export type MessageVia = (typeof MESSAGE_VIAS)[number];

/** Why an open application was closed without a decision: its listing left the board. */
export const CLOSE_REASONS = ["filled", "withdrawn", "removed", "expired"] as const;
export type CloseReason = (typeof CLOSE_REASONS)[number];

/** The stages at which an application has reached an interview (the funnels count it once it has). */
export const INTERVIEWED_STAGES: ReadonlySet<ApplicationStage> = new Set([
  "interview",
  "offer",
  "hired",
]);
