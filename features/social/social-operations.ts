import {
  channelParams,
  connectBodySchema,
  modeBodySchema,
  socialChannelsAnswer,
  socialPostAnswer,
  socialPostParams,
  socialPostsAnswer,
  socialTestAnswer,
} from "@/features/social/schemas";
import { operation } from "@/lib/api/operation";

/*
 * The board's social channels (issue 66). Connecting, disconnecting, a test post and what the
 * board posts are the owners' (area "settings": a channel holds secrets); what went where, and
 * Retry and Skip, are also the moderators' (area "operations", with the job queue).
 */
export const socialOperations = {
  getSocialChannels: operation({
    method: "GET",
    path: "/api/moderation/social/channels",
    summary: "The social channels connected (never their secrets) and what the board posts",
    access: "moderator",
    board: { area: "settings" },
    answers: { 200: socialChannelsAnswer },
  }),
  connectSocialChannel: operation({
    method: "PUT",
    path: "/api/moderation/social/channels",
    summary: "Connect a social channel, or replace its account: its secrets are kept sealed",
    description:
      "`connection.channel` picks the fields: discord `webhook_url`; slack `bot_token`, `slack_channel`; telegram `bot_token`, `chat_id`; bluesky `handle`, `app_password`; mastodon `instance_url`, `access_token`; x `api_key`, `api_secret`, `access_token`, `access_token_secret`, `handle`; linkedin `organization_id`, `access_token`. Audited. Owners only.",
    access: "moderator",
    board: { area: "settings" },
    body: connectBodySchema,
    answers: { 200: socialChannelsAnswer },
  }),
  setSocialMode: operation({
    method: "PUT",
    path: "/api/moderation/social/mode",
    summary: "Choose what the board posts: plan (Featured), every new listing, or roundup",
    access: "moderator",
    board: { area: "settings" },
    body: modeBodySchema,
    answers: { 200: socialChannelsAnswer },
  }),
  disconnectSocialChannel: operation({
    method: "DELETE",
    path: "/api/moderation/social/channels/{channel}",
    summary: "Disconnect a social channel: its secrets are deleted, its posts stay listed",
    access: "moderator",
    board: { area: "settings" },
    params: channelParams,
    answers: { 200: socialChannelsAnswer },
    errors: [404],
  }),
  testSocialChannel: operation({
    method: "POST",
    path: "/api/moderation/social/channels/{channel}/test",
    summary: "Send a test post to a connected channel; answers whether it went, and where",
    access: "moderator",
    board: { area: "settings" },
    params: channelParams,
    answers: { 200: socialTestAnswer },
    errors: [404],
  }),
  listSocialPosts: operation({
    method: "GET",
    path: "/api/moderation/social/posts",
    summary: "What went where: the latest 200 posts on the social channels, newest first",
    access: "moderator",
    board: { area: "operations" },
    answers: { 200: socialPostsAnswer },
  }),
  retrySocialPost: operation({
    method: "POST",
    path: "/api/moderation/social/posts/{postId}/retry",
    summary: "Try a failed or skipped post again (or the ending of a post that failed to end)",
    description: "409 for a post waiting, or on its channel already. Audited.",
    access: "moderator",
    board: { area: "operations" },
    params: socialPostParams,
    answers: { 200: socialPostAnswer },
    errors: [404, 409],
  }),
  skipSocialPost: operation({
    method: "POST",
    path: "/api/moderation/social/posts/{postId}/skip",
    summary: "Leave a waiting or failed post unposted",
    description: "409 for a post on its channel, or ended. Audited.",
    access: "moderator",
    board: { area: "operations" },
    params: socialPostParams,
    answers: { 200: socialPostAnswer },
    errors: [404, 409],
  }),
};
