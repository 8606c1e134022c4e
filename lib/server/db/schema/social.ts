import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import {
  SOCIAL_CHANNELS,
  SOCIAL_POST_KINDS,
  SOCIAL_POST_MODES,
  SOCIAL_POST_STATUSES,
  type SocialChannel,
  type SocialChannelSettings,
  type SocialPostKind,
  type SocialPostMode,
  type SocialPostStatus,
} from "@/lib/model/social";
import { oneOf } from "./checks";
import { jobs } from "./jobs";
import { users } from "./users";

/*
 * Listings posted on the board's social channels (issue 66, features/social): the channels the
 * owner connected, what the board posts, and each post on each channel.
 */

/**
 * One connected channel of each kind. `secret` holds its credentials (webhook token, bot or
 * access token, app password, OAuth keys) as JSON sealed with AES-256-GCM
 * (features/social/server/secrets.ts); it never leaves the server.
 */
export const socialChannels = pgTable(
  "social_channels",
  {
    channel: text("channel").$type<SocialChannel>().primaryKey(),
    settings: jsonb("settings").$type<SocialChannelSettings>().notNull().default({}),
    secret: text("secret").notNull(),
    connectedBy: integer("connected_by").references(() => users.id, { onDelete: "set null" }),
    connectedAt: timestamp("connected_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("social_channels_channel_check", oneOf(t.channel, SOCIAL_CHANNELS))],
);

/** What the board posts (one row, id 1): SOCIAL_POST_MODES. */
export const socialSettings = pgTable(
  "social_settings",
  {
    id: integer("id").primaryKey().default(1),
    mode: text("mode").$type<SocialPostMode>().notNull().default("plan"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("social_settings_one_row", sql`${t.id} = 1`),
    check("social_settings_mode_check", oneOf(t.mode, SOCIAL_POST_MODES)),
  ],
);

/**
 * One post on one channel: of a listing (kind post, `subject` job:<id>) or of a day's roundup
 * (kind roundup, `subject` roundup:<yyyy-mm-dd>). Unique on subject and channel: the row is
 * claimed before the call, so a listing is never posted twice on a channel.
 */
export const socialPosts = pgTable(
  "social_posts",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    subject: text("subject").notNull(),
    kind: text("kind").$type<SocialPostKind>().notNull(),
    jobId: integer("job_id").references(() => jobs.id, { onDelete: "set null" }),
    channel: text("channel").$type<SocialChannel>().notNull(),
    status: text("status").$type<SocialPostStatus>().notNull().default("queued"),
    /** The channel's id of the post (message id, status id, record URI, tweet id, post URN). */
    remoteId: text("remote_id"),
    remoteUrl: text("remote_url"),
    /** Calls made for it (a post's, and an ending's). */
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    /** When its listing ended while it was on the channel: its deletion or mark is due. */
    endDueAt: timestamp("end_due_at", { withTimezone: true }),
    postedAt: timestamp("posted_at", { withTimezone: true }),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("social_posts_subject_channel_idx").on(t.subject, t.channel),
    index("social_posts_job_idx").on(t.jobId),
    index("social_posts_status_idx").on(t.status, t.createdAt),
    check("social_posts_channel_check", oneOf(t.channel, SOCIAL_CHANNELS)),
    check("social_posts_kind_check", oneOf(t.kind, SOCIAL_POST_KINDS)),
    check("social_posts_status_check", oneOf(t.status, SOCIAL_POST_STATUSES)),
  ],
);
