/*
 * The applicant tracking systems whose public job boards the board imports (issue 46), and their
 * names. A company's careers site runs on one, and its public page names it
 * (server/company-page), so they are here; imports (features/imports/ats.ts), which reads the
 * boards, builds on them and re-exports them.
 */

import type { AtsKind } from "@/lib/model/companies";

// The kinds are the data model's (the import sources' check): lib/model/companies.ts.
export { ATS_KINDS, type AtsKind } from "@/lib/model/companies";

export const ATS_LABELS: Record<AtsKind, string> = {
  greenhouse: "Greenhouse",
  lever: "Lever",
  lever_eu: "Lever (EU)",
  ashby: "Ashby",
  workable: "Workable",
  recruitee: "Recruitee",
};
