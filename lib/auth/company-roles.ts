/*
 * The roles a company's members hold and what each may do (issue 44): shared by the request
 * pipeline's employer guard, the operations' access rules and the browser (a page shows only
 * what the reader's role may do). The team itself (invitations, limits) is features/companies.
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
