/*
 * A candidate's choices with their labels, as the server and the browser share them. The values
 * are the data model's (lib/model/account.ts, which the tables check them by); the candidates'
 * schemas (features/account/schemas.ts) read them from here.
 */

import {
  ALERT_FREQUENCY_SLUGS,
  APPLICATION_STATUS_SLUGS,
  type AlertFrequency,
  type ApplicationStatus,
} from "@/lib/model/account";

export {
  ALERT_FREQUENCY_SLUGS,
  APPLICATION_STATUS_SLUGS,
  type AlertFrequency,
  type ApplicationStatus,
} from "@/lib/model/account";

const APPLICATION_STATUS_LABELS: Record<ApplicationStatus, string> = {
  applied: "Applied",
  interviewing: "Interviewing",
  offer: "Offer",
  rejected: "Rejected",
  withdrawn: "Withdrawn",
};

/** Where an application stands; the candidate moves it along. */
export const APPLICATION_STATUSES = APPLICATION_STATUS_SLUGS.map((slug) => ({
  slug,
  label: APPLICATION_STATUS_LABELS[slug],
}));

const ALERT_FREQUENCY_LABELS: Record<AlertFrequency, string> = {
  daily: "Daily",
  weekly: "Weekly",
  never: "Never",
};

/** How often job alerts are emailed. */
export const ALERT_FREQUENCIES = ALERT_FREQUENCY_SLUGS.map((slug) => ({
  slug,
  label: ALERT_FREQUENCY_LABELS[slug],
}));
