import { desc, eq, inArray, sql } from "drizzle-orm";
import type { PgBoss } from "pg-boss";
import {
  SOCIAL_CHANNELS,
  type SocialChannel,
  type SocialChannelSettings,
  type SocialPostMode,
} from "@/lib/model/social";
import { recordAudit, type AuditActor } from "@/lib/server/audit/audit";
import type { Database } from "@/lib/server/db/client";
import { jobs, socialChannels, socialPosts, socialSettings, users } from "@/lib/server/db/schema";
import { conflict, notFound } from "@/lib/server/errors";
import { absoluteUrl } from "@/lib/server/mail/links";
import {
  DISCORD_WEBHOOK,
  type SocialChannelsAnswer,
  type SocialConnectionInput,
  type SocialPostAnswer,
} from "../schemas";
import { CHANNEL_APIS } from "./channels";
import { ChannelError } from "./http";
import { postText } from "./message";
import { queueSocialPosts } from "./posting";
import { openSecret, sealSecret } from "./secrets";

/*
 * The owner's side of the social channels (issue 66): connecting one (its secrets sealed, never
 * answered), disconnecting, choosing what the board posts, a test post; and what the owner and
 * moderators see of the posts, with Retry and Skip. Every change audited.
 */

const channelNumber = (channel: SocialChannel) => SOCIAL_CHANNELS.indexOf(channel) + 1;

/** The settings kept in the clear, and the secret sealed, from what the owner typed. */
function split(input: SocialConnectionInput): {
  settings: SocialChannelSettings;
  secret: Record<string, string>;
} {
  switch (input.channel) {
    case "discord": {
      const [, id, token] = DISCORD_WEBHOOK.exec(input.webhook_url)!;
      return { settings: { webhookId: id }, secret: { token: token! } };
    }
    case "slack":
      return { settings: { chat: input.slack_channel }, secret: { token: input.bot_token } };
    case "telegram":
      return { settings: { chat: input.chat_id }, secret: { token: input.bot_token } };
    case "bluesky":
      return { settings: { handle: input.handle }, secret: { password: input.app_password } };
    case "mastodon":
      return {
        settings: { instance: new URL(input.instance_url).origin },
        secret: { token: input.access_token },
      };
    case "x":
      return {
        settings: { handle: input.handle },
        secret: {
          consumerKey: input.api_key,
          consumerSecret: input.api_secret,
          accessToken: input.access_token,
          accessSecret: input.access_token_secret,
        },
      };
    case "linkedin":
      return {
        settings: { organization: `urn:li:organization:${input.organization_id}` },
        secret: { token: input.access_token },
      };
  }
}

/** What names a connected account on the owner's screen (nothing secret). */
function accountOf(channel: SocialChannel, settings: SocialChannelSettings): string | null {
  switch (channel) {
    case "discord":
      return settings.webhookId ? `Webhook ${settings.webhookId}` : null;
    case "slack":
    case "telegram":
      return settings.chat ?? null;
    case "bluesky":
      return settings.handle ? `@${settings.handle}` : null;
    case "x":
      return settings.handle ? `@${settings.handle}` : null;
    case "mastodon":
      return settings.instance ?? null;
    case "linkedin":
      return settings.organization ?? null;
  }
}

/** The connected channels (owners only) and what the board posts. */
export async function readSocialChannels(db: Database): Promise<SocialChannelsAnswer> {
  const rows = await db
    .select({
      channel: socialChannels.channel,
      settings: socialChannels.settings,
      connectedAt: socialChannels.connectedAt,
      name: users.fullName,
      email: users.email,
    })
    .from(socialChannels)
    .leftJoin(users, eq(users.id, socialChannels.connectedBy));
  const [settings] = await db.select({ mode: socialSettings.mode }).from(socialSettings);
  return {
    channels: rows
      .sort((a, b) => channelNumber(a.channel) - channelNumber(b.channel))
      .map((row) => ({
        channel: row.channel,
        account: accountOf(row.channel, row.settings),
        connected_at: row.connectedAt.toISOString(),
        connected_by: row.name ?? row.email ?? null,
      })),
    mode: settings?.mode ?? "plan",
  };
}

/** Connects (or replaces) a channel; its posts from now on go to this account. */
export async function connectSocialChannel(
  db: Database,
  actor: AuditActor,
  input: SocialConnectionInput,
  now = new Date(),
): Promise<SocialChannelsAnswer> {
  const { settings, secret } = split(input);
  const sealed = await sealSecret(db, secret);
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ channel: socialChannels.channel })
      .from(socialChannels)
      .where(eq(socialChannels.channel, input.channel));
    await tx
      .insert(socialChannels)
      .values({
        channel: input.channel,
        settings,
        secret: sealed,
        connectedBy: actor.id,
        connectedAt: now,
      })
      .onConflictDoUpdate({
        target: socialChannels.channel,
        set: { settings, secret: sealed, connectedBy: actor.id },
      });
    await recordAudit(tx, actor, {
      action: before ? "social_channel.replace" : "social_channel.connect",
      subjectType: "social_channel",
      subjectId: channelNumber(input.channel),
      detail: { channel: input.channel, account: accountOf(input.channel, settings) },
    });
  });
  return readSocialChannels(db);
}

/** Disconnects a channel: its secrets are deleted; its posts stay listed. */
export async function disconnectSocialChannel(
  db: Database,
  actor: AuditActor,
  channel: SocialChannel,
) {
  await db.transaction(async (tx) => {
    const gone = await tx
      .delete(socialChannels)
      .where(eq(socialChannels.channel, channel))
      .returning();
    if (gone.length === 0) throw notFound("That channel is not connected");
    await recordAudit(tx, actor, {
      action: "social_channel.disconnect",
      subjectType: "social_channel",
      subjectId: channelNumber(channel),
      detail: { channel },
    });
  });
  return readSocialChannels(db);
}

export async function setSocialMode(
  db: Database,
  actor: AuditActor,
  mode: SocialPostMode,
  now = new Date(),
) {
  await db.transaction(async (tx) => {
    const [before] = await tx.select({ mode: socialSettings.mode }).from(socialSettings);
    await tx
      .insert(socialSettings)
      .values({ id: 1, mode, updatedAt: now })
      .onConflictDoUpdate({ target: socialSettings.id, set: { mode, updatedAt: now } });
    await recordAudit(tx, actor, {
      action: "social_channel.mode",
      subjectType: "social_channel",
      subjectId: 0,
      detail: { from: before?.mode ?? "plan", to: mode },
    });
  });
  return readSocialChannels(db);
}

/** Sends a test post to a connected channel (deleted again where the channel allows). */
export async function testSocialChannel(db: Database, actor: AuditActor, channel: SocialChannel) {
  const [row] = await db.select().from(socialChannels).where(eq(socialChannels.channel, channel));
  if (!row) throw notFound("That channel is not connected");
  const connection = { channel, settings: row.settings, secret: await openSecret(db, row.secret) };
  const link = absoluteUrl("/");
  const text = postText(
    channel,
    [{ title: "A test post from the board", company: "the board", location: "", url: link }],
    { link },
  );
  await recordAudit(db, actor, {
    action: "social_channel.test",
    subjectType: "social_channel",
    subjectId: channelNumber(channel),
    detail: { channel },
  });
  try {
    const posted = await CHANNEL_APIS[channel].post(
      connection,
      text,
      link,
      `creator-jobs-test-${Date.now()}`,
    );
    return { test: { ok: true, url: posted.remoteUrl, error: null } };
  } catch (error) {
    if (!(error instanceof ChannelError)) throw error;
    return { test: { ok: false, url: null, error: error.message } };
  }
}

/** The latest posts, newest first: what went where. */
export async function listSocialPosts(
  db: Database,
  limit = 200,
): Promise<{ posts: SocialPostAnswer[] }> {
  const rows = await db
    .select({ post: socialPosts, title: jobs.title })
    .from(socialPosts)
    .leftJoin(jobs, eq(jobs.id, socialPosts.jobId))
    .orderBy(desc(socialPosts.createdAt), desc(socialPosts.id))
    .limit(limit);
  return { posts: rows.map(({ post, title }) => answerOf(post, title)) };
}

function answerOf(post: typeof socialPosts.$inferSelect, title: string | null): SocialPostAnswer {
  return {
    id: post.id,
    kind: post.kind,
    channel: post.channel,
    listing_id: post.jobId,
    title:
      post.kind === "roundup"
        ? `Roundup of ${post.subject.slice("roundup:".length)}`
        : (title ?? "A deleted listing"),
    status: post.status,
    url: post.remoteUrl,
    attempts: post.attempts,
    last_error: post.lastError,
    end_due: post.endDueAt !== null && post.status === "posted",
    posted_at: post.postedAt?.toISOString() ?? null,
    ended_at: post.endedAt?.toISOString() ?? null,
    created_at: post.createdAt.toISOString(),
  };
}

async function onePost(db: Database, id: number) {
  const [row] = await db
    .select({ post: socialPosts, title: jobs.title })
    .from(socialPosts)
    .leftJoin(jobs, eq(jobs.id, socialPosts.jobId))
    .where(eq(socialPosts.id, id));
  if (!row) throw notFound("Post not found");
  return row;
}

/**
 * Tries a failed or skipped post again (or a post's ending that failed): its job queued now.
 * 409 for a post on the channel already, or waiting for its job.
 */
export async function retrySocialPost(
  db: Database,
  boss: PgBoss,
  actor: AuditActor,
  id: number,
  now = new Date(),
) {
  const { post } = await onePost(db, id);
  const endRetry = post.status === "posted" && post.endDueAt !== null;
  if (!endRetry && !["failed", "skipped"].includes(post.status)) {
    throw conflict("Only a failed or skipped post can be tried again");
  }
  await db.transaction(async (tx) => {
    if (!endRetry) {
      const [moved] = await tx
        .update(socialPosts)
        .set({ status: "queued", lastError: null, updatedAt: now })
        .where(
          sql`${socialPosts.id} = ${id} and ${inArray(socialPosts.status, ["failed", "skipped"])}`,
        )
        .returning({ id: socialPosts.id });
      if (!moved) throw conflict("The post changed meanwhile: look again");
    }
    await recordAudit(tx, actor, {
      action: "social_post.retry",
      subjectType: "social_post",
      subjectId: id,
      detail: { channel: post.channel, from: post.status, to: endRetry ? "posted" : "queued" },
    });
  });
  await queueSocialPosts(boss, [id]);
  const row = await onePost(db, id);
  return { post: answerOf(row.post, row.title) };
}

/** Leaves a waiting or failed post unposted. 409 for one on the channel, or ended. */
export async function skipSocialPost(
  db: Database,
  actor: AuditActor,
  id: number,
  now = new Date(),
) {
  const { post } = await onePost(db, id);
  await db.transaction(async (tx) => {
    const [moved] = await tx
      .update(socialPosts)
      .set({ status: "skipped", updatedAt: now })
      .where(
        sql`${socialPosts.id} = ${id} and ${inArray(socialPosts.status, ["queued", "failed"])}`,
      )
      .returning({ id: socialPosts.id });
    if (!moved) throw conflict("Only a waiting or failed post can be skipped");
    await recordAudit(tx, actor, {
      action: "social_post.skip",
      subjectType: "social_post",
      subjectId: id,
      detail: { channel: post.channel, from: post.status, to: "skipped" },
    });
  });
  const row = await onePost(db, id);
  return { post: answerOf(row.post, row.title) };
}
