/*
 * The candidate directory employers search (issue 47): its daily limits, invitations and search
 * options. Shared by the server, the API's schemas and the screens. Who sees a candidate's
 * profile is the candidate's setting: features/account/profile-visibility.ts.
 */

import type { InvitationStatus } from "@/lib/model/directory";

/*
 * The daily limits (PROFILE_VIEWS_PER_DAY, INVITATIONS_PER_DAY) and how long views and
 * invitations are kept (PROFILE_VIEW_DAYS, INVITATION_KEEP_DAYS): the legal documents promise
 * them, so they are defined in lib/legal-figures.ts, which content's legal pages read too.
 */
export {
  INVITATION_KEEP_DAYS,
  INVITATIONS_PER_DAY,
  PROFILE_VIEW_DAYS,
  PROFILE_VIEWS_PER_DAY,
} from "@/lib/legal-figures";

export const INVITATION_MESSAGE_MAX = 500;
export const DECLINE_REASON_MAX = 300;

/** A profile's key in a URL: 20 lower-case hex characters, random (migration 0031). */
export const PROFILE_KEY_PATTERN = /^[0-9a-f]{20}$/;

/** "Active within": how recently a candidate was signed in, in days. */
export const ACTIVE_WITHIN_DAYS = [7, 30, 90] as const;
export type ActiveWithinDays = (typeof ACTIVE_WITHIN_DAYS)[number];

export const DIRECTORY_PER_PAGE = 20;

export { INVITATION_STATUSES, type InvitationStatus } from "@/lib/model/directory";
export const INVITATION_STATUS_LABELS: Record<InvitationStatus, string> = {
  sent: "Waiting for an answer",
  accepted: "Accepted",
  declined: "Declined",
};

/** Why a search or a profile is refused to a signed-in member of a company with no live listing. */
export const NO_LIVE_LISTING =
  "Your company can search candidates once one of its listings has been live on the board";
