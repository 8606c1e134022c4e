/*
 * Who sees the candidate's profile: a value of the signed-in person's account
 * (lib/users/schemas.ts) and of the users table. Its labels and hints on /settings, and the
 * setting itself, are features/account/profile-visibility.ts, which re-exports these; the
 * directory (issue 47) reads it to decide whom it shows.
 */

/**
 * Who sees a candidate's profile: everyone (the public talent page, and employers), employers
 * only (members of a company with a listing that went live; never the public page, the sitemap or
 * a search engine), or nobody. New profiles are hidden.
 */
export const PROFILE_VISIBILITIES = ["public", "employers", "hidden"] as const;
export type ProfileVisibility = (typeof PROFILE_VISIBILITIES)[number];
export const DEFAULT_PROFILE_VISIBILITY: ProfileVisibility = "hidden";
