/*
 * Posts of listings on the board's social channels (issue 66) as the tables store them
 * (lib/server/db/schema/social.ts): the channels, what the board posts, and each post's status.
 * features/social names them in words.
 */

/** The channels the owner may connect, one account of each. */
export const SOCIAL_CHANNELS = [
  "discord",
  "slack",
  "telegram",
  "bluesky",
  "mastodon",
  "x",
  "linkedin",
] as const;
export type SocialChannel = (typeof SOCIAL_CHANNELS)[number];

/**
 * What the board posts: each listing whose plan includes a post (listing_plans.social_post,
 * Featured), every new listing, or those and a daily roundup of the day's other new listings.
 */
export const SOCIAL_POST_MODES = ["plan", "every", "roundup"] as const;
export type SocialPostMode = (typeof SOCIAL_POST_MODES)[number];

/** A post of one listing, or a roundup of a day's. */
export const SOCIAL_POST_KINDS = ["post", "roundup"] as const;
export type SocialPostKind = (typeof SOCIAL_POST_KINDS)[number];

/**
 * queued: waiting for its job; sending: claimed, its call made or being made; posted: on the
 * channel; failed: its tries spent (or its outcome unknown), for the owner to retry or skip;
 * skipped: the owner chose not to post it; deleted: taken off the channel when the listing
 * ended; ended: marked as closed where the channel cannot delete (or the listing ended before
 * it was posted).
 */
export const SOCIAL_POST_STATUSES = [
  "queued",
  "sending",
  "posted",
  "failed",
  "skipped",
  "deleted",
  "ended",
] as const;
export type SocialPostStatus = (typeof SOCIAL_POST_STATUSES)[number];

/** The non-secret settings of a channel (social_channels.settings), by channel. */
export type SocialChannelSettings = {
  /** Slack: the channel id (C0123…); Telegram: the chat id (@name or -100…). */
  chat?: string;
  /** Bluesky: the handle; Mastodon: the account name the token answered. */
  handle?: string;
  /** Mastodon: the instance's origin, https://mastodon.social. */
  instance?: string;
  /** LinkedIn: the organization URN, urn:li:organization:123. */
  organization?: string;
  /** Discord: the webhook's id (its token is the secret). */
  webhookId?: string;
};

/** Each channel's own name, as its maker spells it (for the offer's words, and the screens). */
export const SOCIAL_CHANNEL_NAMES: Record<SocialChannel, string> = {
  discord: "Discord",
  slack: "Slack",
  telegram: "Telegram",
  bluesky: "Bluesky",
  mastodon: "Mastodon",
  x: "X",
  linkedin: "LinkedIn",
};
