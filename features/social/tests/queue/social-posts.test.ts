// @vitest-environment node
import { and, eq } from "drizzle-orm";
import type { PgBoss } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { jobs, socialChannels, socialPosts } from "@/lib/server/db/schema";
import type { AuditActor } from "@/lib/server/audit/audit";
import { getQueue, QUEUES } from "@/lib/server/queue/queue";
import { runOnce } from "@/lib/server/worker/worker";
import {
  connectSocialChannel,
  listSocialPosts,
  retrySocialPost,
  setSocialMode,
} from "@/features/social/server/social-api";
import { sweepSocialPosts } from "@/features/social/server/posting";
import moderationHandler from "@/pages/api/moderation/review/[listingId]";
import { callApi } from "@/tests/api/call";
import { bearer, googleIdToken } from "@/tests/support/auth";
import { setUpTestDatabase } from "@/tests/support/database";
import { insertCompany, insertJob } from "@/tests/db/fixtures";
import {
  STAND_IN_SECRETS as S,
  startSocialStandIn,
  type SocialStandIn,
} from "@/features/social/tests/support/social-stand-in";
import { SOCIAL_CHANNELS, type SocialChannel } from "@/lib/model/social";

/*
 * Posting listings on the social channels (issue 66) on the real database and queue, against one
 * real HTTP server standing in for every channel's API: a Featured listing posted once on each
 * connected channel, taken down (or marked) when it ends, a failing channel retried and then
 * shown failed with Retry working, a rate limit waited out, and a Standard listing posted only
 * when the owner chose every new listing.
 */

const handle = setUpTestDatabase();
let boss: PgBoss;
let standIn: SocialStandIn;
let companyId: number;
const owner: AuditActor = { role: "moderator", id: null, email: "owner@board.example" };
const HOUR = 3_600_000;

beforeAll(async () => {
  standIn = await startSocialStandIn();
  for (const [name, value] of Object.entries(standIn.env)) vi.stubEnv(name, value);
  boss = await getQueue(handle, { retryDelaySeconds: 1 });
  companyId = (await insertCompany(handle.db, "studio-social", "استوديو الضوء")).id;
  const connections = [
    {
      channel: "discord",
      webhook_url: `https://discord.com/api/webhooks/${S.discordId}/${S.discordToken}`,
    },
    { channel: "slack", bot_token: S.slackToken, slack_channel: "C0123456789" },
    { channel: "telegram", bot_token: S.telegramToken, chat_id: "@creatorjobs" },
    { channel: "bluesky", handle: S.blueskyHandle, app_password: S.blueskyPassword },
    {
      channel: "mastodon",
      instance_url: "https://mastodon.example",
      access_token: S.mastodonToken,
    },
    {
      channel: "x",
      api_key: S.x.consumerKey,
      api_secret: S.x.consumerSecret,
      access_token: S.x.token,
      access_token_secret: S.x.tokenSecret,
      handle: "creatorjobs",
    },
    { channel: "linkedin", organization_id: "424242", access_token: S.linkedinToken },
  ] as const;
  // Connected an hour ago: listings published since are "new" to them.
  for (const connection of connections) {
    await connectSocialChannel(handle.db, owner, connection, new Date(Date.now() - HOUR));
  }
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await standIn.close();
});

/** A sweep (the periodic task, due every minute), then every job that is ready. */
const drain = async () => {
  await sweepSocialPosts(handle.db, boss, new Date());
  return runOnce(handle, boss);
};

const postsOf = (jobId: number) =>
  handle.db.select().from(socialPosts).where(eq(socialPosts.jobId, jobId));

const created = (channel: SocialChannel) =>
  standIn.calls.filter(
    (call) =>
      call.channel === channel &&
      call.method === "POST" &&
      /sendMessage|postMessage|createRecord|\/statuses$|\/2\/tweets$|\/rest\/posts$|\/webhooks\/\d+\/[\w-]+\?wait/.test(
        call.path,
      ),
  ).length;

async function listing(title: string, plan: "featured" | "standard") {
  return insertJob(handle.db, {
    title,
    companyId,
    plan,
    location: "Kraków, Polska",
    publishedAt: new Date(Date.now() - 60_000),
    expiresAt: new Date(Date.now() + 30 * 24 * HOUR),
  });
}

describe("social posts", () => {
  let featuredId: number;

  it("posts a Featured listing once on every connected channel, its words as typed", async () => {
    const job = await listing("東京のモーションデザイナー", "featured");
    featuredId = job.id;
    await drain();
    await drain();
    const rows = await postsOf(job.id);
    expect(rows.map((row) => [row.channel, row.status]).sort()).toEqual(
      SOCIAL_CHANNELS.map((channel) => [channel, "posted"]).sort(),
    );
    for (const channel of SOCIAL_CHANNELS) {
      expect([channel, created(channel)]).toEqual([channel, 1]);
      const [post] = standIn.live(channel);
      expect(post!.text).toContain("東京のモーションデザイナー");
      expect(post!.text).toContain("استوديو الضوء");
      expect(post!.text).toContain("Kraków, Polska");
      expect(post!.text).toContain(`/jobs/${job.id}-`);
    }
    // Bluesky's link facet at UTF-8 byte offsets (the stand-in refuses any other): past the
    // title's three-byte characters, the byte offset is far from the string index.
    const record = standIn.calls.find((call) => call.path.endsWith("createRecord"))!.body!
      .record as { text: string; facets: { index: { byteStart: number } }[] };
    expect(record.facets[0]!.index.byteStart).toBeGreaterThan(record.text.indexOf("http"));
    // X signed with OAuth 1.0a (the stand-in checks the signature); LinkedIn as the page.
    expect(standIn.calls.find((call) => call.channel === "linkedin")!.body).toMatchObject({
      author: "urn:li:organization:424242",
      lifecycleState: "PUBLISHED",
    });
    const mastodon = standIn.calls.find((call) => call.channel === "mastodon")!;
    expect(mastodon.headers["idempotency-key"]).toBe(
      `creator-jobs-social-${rows.find((row) => row.channel === "mastodon")!.id}`,
    );
    const listed = await listSocialPosts(handle.db);
    expect(
      listed.posts.filter((post) => post.listing_id === job.id && post.status === "posted"),
    ).toHaveLength(7);
  });

  it("takes the post down when the listing ends, and marks it where it can only be edited", async () => {
    // Telegram lets a bot delete its message for 48 hours: this one is older, so it is edited.
    await handle.db
      .update(socialPosts)
      .set({ postedAt: new Date(Date.now() - 72 * HOUR) })
      .where(and(eq(socialPosts.jobId, featuredId), eq(socialPosts.channel, "telegram")));
    await handle.db
      .update(jobs)
      .set({ status: "filled", closedAt: new Date() })
      .where(eq(jobs.id, featuredId));
    await drain();
    const rows = await postsOf(featuredId);
    expect(Object.fromEntries(rows.map((row) => [row.channel, row.status]))).toEqual({
      discord: "deleted",
      slack: "deleted",
      telegram: "ended",
      bluesky: "deleted",
      mastodon: "deleted",
      x: "deleted",
      linkedin: "deleted",
    });
    for (const channel of SOCIAL_CHANNELS.filter((name) => name !== "telegram")) {
      expect([channel, standIn.live(channel)]).toEqual([channel, []]);
    }
    const [telegram] = standIn.live("telegram");
    expect(telegram!.edited).toMatch(/^Closed: 東京のモーションデザイナー at استوديو الضوء/);
    await drain();
    expect(
      standIn.calls.filter((call) => call.method === "DELETE" || /delete|edit/i.test(call.path)),
    ).toHaveLength(7);
  });

  it("retries a failing channel, then shows it failed to the owner, and Retry posts it", async () => {
    // A second between tries, not doubling (the queue's own backoff is tested by pg-boss):
    // the same four retries, in seconds rather than half a minute.
    await boss.updateQueue(QUEUES.socialPost, { retryBackoff: false, retryDelay: 1 });
    standIn.fail("discord", 503, 100);
    const job = await listing("Animator (Discord down)", "featured");
    await vi.waitFor(
      async () => {
        await drain();
        const [row] = (await postsOf(job.id)).filter((post) => post.channel === "discord");
        expect(row?.status).toBe("failed");
      },
      { timeout: 40_000, interval: 300 },
    );
    const [row] = (await postsOf(job.id)).filter((post) => post.channel === "discord");
    expect(row!.attempts).toBe(5);
    const shown = (await listSocialPosts(handle.db)).posts.find((post) => post.id === row!.id)!;
    expect(shown).toMatchObject({
      status: "failed",
      last_error: "Discord answered 503",
      title: "Animator (Discord down)",
    });
    // The other channels were not held up by it.
    expect((await postsOf(job.id)).filter((post) => post.status === "posted")).toHaveLength(6);

    standIn.fail("discord", 503, 0);
    await retrySocialPost(handle.db, boss, owner, row!.id);
    await drain();
    const [after] = (await postsOf(job.id)).filter((post) => post.channel === "discord");
    expect(after).toMatchObject({ status: "posted", lastError: null, attempts: 6 });
    expect(
      standIn.live("discord").filter((post) => post.text.includes("Animator (Discord down)")),
    ).toHaveLength(1);
  }, 60_000);

  it("waits out a channel's rate limit (429 with Retry-After) instead of failing", async () => {
    standIn.fail("slack", 429, 1, 1);
    const job = await listing("Colourist (rate limited)", "featured");
    await drain();
    const [waiting] = (await postsOf(job.id)).filter((post) => post.channel === "slack");
    expect(waiting).toMatchObject({
      status: "queued",
      lastError: "Slack asked to wait (rate limit)",
    });
    await vi.waitFor(
      async () => {
        await drain();
        const [row] = (await postsOf(job.id)).filter((post) => post.channel === "slack");
        expect(row?.status).toBe("posted");
      },
      { timeout: 20_000, interval: 300 },
    );
  }, 30_000);

  it("posts a Featured listing a moderator approves at the sweep after (within a minute)", async () => {
    vi.stubEnv("ADMIN_EMAILS", "approver@board.example");
    const token = await googleIdToken({
      sub: "approver",
      email: "approver@board.example",
      name: "Ap",
    });
    const job = await insertJob(handle.db, {
      title: "Ilustratorka (zatwierdzona)",
      companyId,
      plan: "featured",
      status: "pending",
      publishedAt: new Date(Date.now() - 60_000),
      expiresAt: new Date(Date.now() + 30 * 24 * HOUR),
    });
    await drain();
    expect(await postsOf(job.id)).toEqual([]);
    const answer = await callApi(moderationHandler, {
      method: "POST",
      params: { listingId: String(job.id) },
      headers: bearer(token),
      body: { decision: "approve" },
    });
    expect(answer.status).toBe(200);
    // The periodic sweep's run (every 60 s, lib/server/worker/tasks.ts), then its jobs.
    await drain();
    expect((await postsOf(job.id)).map((row) => row.status)).toEqual(Array(7).fill("posted"));
  });

  it("posts a Standard listing only when the owner chose every new listing", async () => {
    const job = await listing("Junior editor, Wrocław", "standard");
    await drain();
    expect(await postsOf(job.id)).toEqual([]);
    await setSocialMode(handle.db, owner, "every");
    await drain();
    expect((await postsOf(job.id)).map((row) => row.status)).toEqual(Array(7).fill("posted"));
    await setSocialMode(handle.db, owner, "plan");
  });

  it("posts a daily roundup of a day's other new listings when the owner chose it", async () => {
    const day = new Date(Date.now() - 2 * 24 * HOUR).toISOString().slice(0, 10);
    const dayStart = Date.parse(`${day}T00:00:00Z`);
    await handle.db.update(socialChannels).set({ connectedAt: new Date(dayStart - 24 * HOUR) });
    const job = await insertJob(handle.db, {
      title: "Montażystka wideo",
      companyId,
      plan: "standard",
      publishedAt: new Date(dayStart + 12 * HOUR),
      expiresAt: new Date(Date.now() + 30 * 24 * HOUR),
    });
    await setSocialMode(handle.db, owner, "roundup");
    // The sweep the morning after that day.
    await sweepSocialPosts(handle.db, boss, new Date(dayStart + 34 * HOUR));
    await runOnce(handle, boss);
    const rows = await handle.db
      .select()
      .from(socialPosts)
      .where(eq(socialPosts.subject, `roundup:${day}`));
    expect(rows.map((row) => row.status)).toEqual(Array(7).fill("posted"));
    for (const channel of SOCIAL_CHANNELS) {
      const roundup = standIn.posts.find(
        (post) => post.channel === channel && post.text.includes(`New jobs on ${day}`),
      );
      expect([channel, roundup?.text]).toEqual([
        channel,
        expect.stringContaining("Montażystka wideo"),
      ]);
    }
    // Not posted on its own: the roundup is its post.
    expect(await postsOf(job.id)).toEqual([]);
    await setSocialMode(handle.db, owner, "plan");
  });
});
