// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import { z } from "zod";
import {
  SOCIAL_CHANNELS,
  SOCIAL_POST_KINDS,
  SOCIAL_POST_MODES,
  SOCIAL_POST_STATUSES,
} from "@/lib/model/social";
import { idSegment, timestamp } from "@/lib/validation/fields";

/*
 * The social channels' requests and answers (issue 66). A channel's secrets are taken, never
 * answered: the answer says it is connected, with the settings that are not secret.
 */

export {
  SOCIAL_CHANNELS,
  SOCIAL_POST_MODES,
  SOCIAL_POST_STATUSES,
  type SocialChannel,
  type SocialPostMode,
  type SocialPostStatus,
} from "@/lib/model/social";

const secret = (label: string, max = 500) =>
  z
    .string(`Enter ${label}`)
    .trim()
    .min(1, `Enter ${label}`)
    .max(max, `Keep ${label} under ${max} characters`)
    .regex(/^[\x21-\x7e]+$/, `Paste ${label} as it was given, with no spaces`);

/** Discord's webhook address, as its channel settings copy it. */
export const DISCORD_WEBHOOK =
  /^https:\/\/(?:(?:canary|ptb)\.)?discord(?:app)?\.com\/api(?:\/v\d+)?\/webhooks\/(\d{5,25})\/([\w-]{20,200})\/?$/;

export const socialConnectionSchema = z.discriminatedUnion("channel", [
  z.strictObject({
    channel: z.literal("discord"),
    webhook_url: z
      .string("Enter the webhook's address")
      .trim()
      .regex(
        DISCORD_WEBHOOK,
        "Paste the webhook URL Discord gives: https://discord.com/api/webhooks/…",
      ),
  }),
  z.strictObject({
    channel: z.literal("slack"),
    bot_token: secret("the bot token (xoxb-…)").regex(/^xoxb-/, "A bot token starts with xoxb-"),
    slack_channel: z
      .string("Enter the channel's id")
      .trim()
      .regex(
        /^[CG][A-Z0-9]{6,20}$/,
        "Enter the channel's id, like C0123456789 (channel details, at the bottom)",
      ),
  }),
  z.strictObject({
    channel: z.literal("telegram"),
    bot_token: secret("the bot token").regex(
      /^\d{3,15}:[\w-]{20,100}$/,
      "A bot token looks like 123456:ABC-DEF…",
    ),
    chat_id: z
      .string("Enter the chat")
      .trim()
      .regex(/^(@\w{4,32}|-?\d{1,20})$/, "Enter the channel as @name, or the chat's number id"),
  }),
  z.strictObject({
    channel: z.literal("bluesky"),
    handle: z
      .string("Enter the handle")
      .trim()
      .toLowerCase()
      .transform((handle) => handle.replace(/^@/, ""))
      .pipe(
        z
          .string()
          .regex(/^([a-z0-9-]{1,63}\.)+[a-z]{2,63}$/, "Enter the handle, like board.bsky.social"),
      ),
    app_password: secret("an app password (Settings, App passwords)", 100),
  }),
  z.strictObject({
    channel: z.literal("mastodon"),
    instance_url: z
      .url({
        protocol: /^https$/,
        message: "Enter the server's address, like https://mastodon.social",
      })
      .max(200, "Keep the address under 200 characters"),
    access_token: secret("the access token"),
  }),
  z.strictObject({
    channel: z.literal("x"),
    api_key: secret("the API key"),
    api_secret: secret("the API key secret"),
    access_token: secret("the access token"),
    access_token_secret: secret("the access token secret"),
    handle: z
      .string()
      .trim()
      .transform((handle) => handle.replace(/^@/, ""))
      .pipe(z.string().regex(/^\w{1,15}$/, "Enter the account's @name, like creatorjobs")),
  }),
  z.strictObject({
    channel: z.literal("linkedin"),
    organization_id: z
      .string("Enter the page's organization id")
      .trim()
      .regex(/^\d{1,20}$/, "Enter the page's organization id: the number in its admin address"),
    access_token: secret("the access token", 2000),
  }),
]);
export type SocialConnectionInput = z.infer<typeof socialConnectionSchema>;

export const connectBodySchema = z.strictObject({ connection: socialConnectionSchema });
export const modeBodySchema = z.strictObject({
  mode: z.enum(SOCIAL_POST_MODES, "Choose what the board posts"),
});

export const channelParams = z.strictObject({
  channel: z.enum(SOCIAL_CHANNELS, "Channel not found"),
});
export const socialPostParams = z.strictObject({ postId: idSegment("Post") });

const channelAnswer = z
  .strictObject({
    channel: z.enum(SOCIAL_CHANNELS),
    /** What names the account, never a secret: the handle, chat, page, server. */
    account: z.string().nullable(),
    connected_at: timestamp,
    connected_by: z.string().nullable(),
  })
  .meta({ id: "SocialChannel" });

export const socialChannelsAnswer = z.strictObject({
  channels: z.array(channelAnswer),
  mode: z.enum(SOCIAL_POST_MODES),
});
export type SocialChannelsAnswer = z.infer<typeof socialChannelsAnswer>;

const postAnswer = z
  .strictObject({
    id: z.number().int(),
    kind: z.enum(SOCIAL_POST_KINDS),
    channel: z.enum(SOCIAL_CHANNELS),
    listing_id: z.number().int().nullable(),
    /** The listing's title, or the roundup's day. */
    title: z.string(),
    status: z.enum(SOCIAL_POST_STATUSES),
    url: z.string().nullable(),
    attempts: z.number().int(),
    last_error: z.string().nullable(),
    end_due: z.boolean(),
    posted_at: timestamp.nullable(),
    ended_at: timestamp.nullable(),
    created_at: timestamp,
  })
  .meta({ id: "SocialPost" });
export type SocialPostAnswer = z.infer<typeof postAnswer>;

export const socialPostsAnswer = z.strictObject({ posts: z.array(postAnswer) });
export const socialPostAnswer = z.strictObject({ post: postAnswer });
export const socialTestAnswer = z.strictObject({
  test: z.strictObject({
    ok: z.boolean(),
    url: z.string().nullable(),
    error: z.string().nullable(),
  }),
});

export {
  SOCIAL_CHANNEL_LABELS,
  SOCIAL_POST_MODE_LABELS,
  SOCIAL_POST_STATUS_LABELS,
} from "@/features/social/labels";
