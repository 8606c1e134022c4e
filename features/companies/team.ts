/*
 * Employer teams (issue 44): the limits on a team and its members' mail choices, shared by the
 * server and the browser. The roles themselves are lib/auth/company-roles.ts (the guard's).
 */

import type { ApplicantMailChoice } from "@/lib/model/companies";

/** A company's members, at most; pending invitations count towards it. */
export const MEMBERS_MAX = 50;
/** Invitations sent (or sent again) per company in any 24 hours. */
export const INVITATIONS_PER_DAY = 20;
/** How long an invitation's link works. */
export const INVITATION_DAYS = 7;

/** Which new-applicant mail a member gets (the data model's values: lib/model/companies.ts). */
export { APPLICANT_MAIL_CHOICES, type ApplicantMailChoice } from "@/lib/model/companies";

export const APPLICANT_MAIL_LABELS: Record<ApplicantMailChoice, string> = {
  own: "For the listings I posted, as each listing is set",
  instant: "For every listing of the company, at once",
  daily: "For every listing of the company, in one daily digest",
  off: "None",
};

/** What the activity page lists per page. */
export const ACTIVITY_PAGE_SIZE = 50;
