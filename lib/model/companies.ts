/*
 * A company's settings as the tables store them (lib/server/db/schema/teams.ts, imports.ts). Their
 * labels are in features/companies.
 */

/**
 * Which new-applicant mail a team member gets: for the listings they posted, as each listing is set
 * (at once or a daily digest: the default, as before teams); every listing of the company at
 * once, or in one daily digest; or none.
 */
export const APPLICANT_MAIL_CHOICES = ["own", "instant", "daily", "off"] as const;
export type ApplicantMailChoice = (typeof APPLICANT_MAIL_CHOICES)[number];

/** The applicant tracking systems whose public job boards the board imports (issue 46). */
export const ATS_KINDS = [
  "greenhouse",
  "lever",
  "lever_eu",
  "ashby",
  "workable",
  "recruitee",
] as const;
export type AtsKind = (typeof ATS_KINDS)[number];
