/*
 * The applicant tracking systems whose public job boards the board imports (issue 46), as the
 * server and the browser share them: their names, and how a board's name is written down once,
 * so that "Acme Studio", "acme%20studio" and " ACME  studio " are one source, never two.
 */

export const ATS_KINDS = [
  "greenhouse",
  "lever",
  "lever_eu",
  "ashby",
  "workable",
  "recruitee",
] as const;
export type AtsKind = (typeof ATS_KINDS)[number];

export const ATS_LABELS: Record<AtsKind, string> = {
  greenhouse: "Greenhouse",
  lever: "Lever",
  lever_eu: "Lever (EU)",
  ashby: "Ashby",
  workable: "Workable",
  recruitee: "Recruitee",
};

/** Where an employer finds the name to type, shown under the field. */
export const ATS_BOARD_HINTS: Record<AtsKind, string> = {
  greenhouse: "The name in boards.greenhouse.io/<name> or job-boards.greenhouse.io/<name>",
  lever: "The name in jobs.lever.co/<name>",
  lever_eu: "The name in jobs.eu.lever.co/<name>",
  ashby: "The name in jobs.ashbyhq.com/<name>",
  workable: "The name in apply.workable.com/<name>",
  recruitee: "The name in <name>.recruitee.com",
};

/** The longest board name taken. */
export const BOARD_NAME_MAX = 100;

/**
 * A board's name as its source is keyed by, or null when it cannot be one: what was typed (or a
 * board's address pasted whole) with its percent-encoding decoded once, trimmed, lowercased, runs
 * of spaces made one, and only the characters the ATS's names use. Written by helper A with its
 * tests (tests/unit/ats-board-name.test.ts).
 */
export function normaliseBoard(kind: AtsKind, input: string): string | null {
  void kind;
  void input;
  throw new Error("not written yet");
}
