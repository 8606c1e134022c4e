/*
 * The social channels' words on the owner's screen (issue 66): zod-free, so the screen does not
 * carry the API's schemas.
 */

export {
  SOCIAL_CHANNELS,
  SOCIAL_POST_MODES,
  type SocialChannel,
  type SocialPostMode,
} from "@/lib/model/social";
export { SOCIAL_CHANNEL_NAMES as SOCIAL_CHANNEL_LABELS } from "@/lib/model/social";

export const SOCIAL_POST_MODE_LABELS = {
  plan: "Featured listings only",
  every: "Every new listing",
  roundup: "Featured, and a daily roundup of the rest",
} as const;

export const SOCIAL_POST_STATUS_LABELS = {
  queued: "Waiting",
  sending: "Sending",
  posted: "Posted",
  failed: "Failed",
  skipped: "Skipped",
  deleted: "Deleted (listing ended)",
  ended: "Marked closed",
} as const;
