/*
 * A candidate's choices, as the server, its tables and the browser share them: plain constants,
 * below the candidates' schemas (features/account/schemas.ts) and the tables
 * (lib/server/db/schema/candidates.ts), which both read them.
 */

/** Where an application stands; the candidate moves it along. */
export const APPLICATION_STATUSES = [
  { slug: "applied", label: "Applied" },
  { slug: "interviewing", label: "Interviewing" },
  { slug: "offer", label: "Offer" },
  { slug: "rejected", label: "Rejected" },
  { slug: "withdrawn", label: "Withdrawn" },
] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number]["slug"];
export const APPLICATION_STATUS_SLUGS = APPLICATION_STATUSES.map((status) => status.slug);

/** How often job alerts are emailed. */
export const ALERT_FREQUENCIES = [
  { slug: "daily", label: "Daily" },
  { slug: "weekly", label: "Weekly" },
  { slug: "never", label: "Never" },
] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number]["slug"];
export const ALERT_FREQUENCY_SLUGS = ALERT_FREQUENCIES.map((frequency) => frequency.slug);
