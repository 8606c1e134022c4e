/*
 * Employer teams (issue 44): the roles a company's members hold, what each may do, and the
 * limits on a team. Shared by the server (the request pipeline's employer guard, the team's
 * operations) and the browser (the Team page shows only what the reader's role may do).
 */

/** The roles, highest first: each may do all that the ones below it may. */
export const COMPANY_ROLES = ["owner", "admin", "recruiter", "viewer"] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];

/** The roles an invitation or a role change can give: owner passes only by a handover. */
export const ASSIGNABLE_ROLES = ["admin", "recruiter", "viewer"] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

export const ROLE_LABELS: Record<CompanyRole, string> = {
  owner: "Owner",
  admin: "Admin",
  recruiter: "Recruiter",
  viewer: "Viewer",
};

/** What each role may do, in a line the Team page shows beside it. */
export const ROLE_DESCRIPTIONS: Record<CompanyRole, string> = {
  owner: "Everything, including billing, the team, and handing the company over.",
  admin: "Everything except removing the owner or handing the company over.",
  recruiter: "Posts and edits listings, runs every listing's applicants, edits the company page.",
  viewer: "Reads listings, applicants and statistics; changes nothing.",
};

const RANK: Record<CompanyRole, number> = { owner: 3, admin: 2, recruiter: 1, viewer: 0 };

/** Whether `role` may do what needs `least`. */
export const roleAtLeast = (role: CompanyRole, least: CompanyRole) => RANK[role] >= RANK[least];

/** The least role that runs the team: invitations, roles, removals, the activity page. */
export const TEAM_MANAGER: CompanyRole = "admin";

/** A company's members, at most; pending invitations count towards it. */
export const MEMBERS_MAX = 50;
/** Invitations sent (or sent again) per company in any 24 hours. */
export const INVITATIONS_PER_DAY = 20;
/** How long an invitation's link works. */
export const INVITATION_DAYS = 7;

/**
 * Which new-applicant mail a member gets: for the listings they posted, as each listing is set
 * (at once or a daily digest: the default, as before teams); every listing of the company at
 * once, or in one daily digest; or none.
 */
export const APPLICANT_MAIL_CHOICES = ["own", "instant", "daily", "off"] as const;
export type ApplicantMailChoice = (typeof APPLICANT_MAIL_CHOICES)[number];

export const APPLICANT_MAIL_LABELS: Record<ApplicantMailChoice, string> = {
  own: "For the listings I posted, as each listing is set",
  instant: "For every listing of the company, at once",
  daily: "For every listing of the company, in one daily digest",
  off: "None",
};

/** What the activity page lists per page. */
export const ACTIVITY_PAGE_SIZE = 50;
