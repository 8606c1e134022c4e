/*
 * A candidate's choices as the tables store them (lib/server/db/schema/candidates.ts, alerts.ts,
 * users.ts). Their labels are in features/account.
 */

/** Where an application stands; the candidate moves it along. */
export const APPLICATION_STATUS_SLUGS = [
  "applied",
  "interviewing",
  "offer",
  "rejected",
  "withdrawn",
] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUS_SLUGS)[number];

/** How often job alerts are emailed. */
export const ALERT_FREQUENCY_SLUGS = ["daily", "weekly", "never"] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCY_SLUGS)[number];

/**
 * Who sees a candidate's profile: everyone (the public talent page, and employers), employers
 * only (members of a company with a listing that went live), or nobody. New profiles are hidden.
 */
export const PROFILE_VISIBILITIES = ["public", "employers", "hidden"] as const;
export type ProfileVisibility = (typeof PROFILE_VISIBILITIES)[number];
export const DEFAULT_PROFILE_VISIBILITY: ProfileVisibility = "hidden";
