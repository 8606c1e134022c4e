/*
 * The candidate directory employers search (issue 47): who may be seen by whom, and its daily
 * limits. Shared by the server, the API's schemas and the screens.
 */

/**
 * Candidates the directory shows a company a day (UTC), on a search's page or opened, each
 * counted once a day (issue 60).
 */
export const PROFILE_VIEWS_PER_DAY = 200;
/** Invitations to apply a company may send a day (UTC). */
export const INVITATIONS_PER_DAY = 20;
/** How far back a candidate sees which companies opened their profile; older views are deleted. */
export const PROFILE_VIEW_DAYS = 30;
/** An invitation, and its answer, are deleted this many days after it was sent. */
export const INVITATION_KEEP_DAYS = 180;

export const INVITATION_MESSAGE_MAX = 500;
export const DECLINE_REASON_MAX = 300;

/** A profile's key in a URL: 20 lower-case hex characters, random (migration 0031). */
export const PROFILE_KEY_PATTERN = /^[0-9a-f]{20}$/;

/** "Active within": how recently a candidate was signed in, in days. */
export const ACTIVE_WITHIN_DAYS = [7, 30, 90] as const;
export type ActiveWithinDays = (typeof ACTIVE_WITHIN_DAYS)[number];

export const DIRECTORY_PER_PAGE = 20;

export const INVITATION_STATUSES = ["sent", "accepted", "declined"] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];
export const INVITATION_STATUS_LABELS: Record<InvitationStatus, string> = {
  sent: "Waiting for an answer",
  accepted: "Accepted",
  declined: "Declined",
};

/** Why a search or a profile is refused to a signed-in member of a company with no live listing. */
export const NO_LIVE_LISTING =
  "Your company can search candidates once one of its listings has been live on the board";
