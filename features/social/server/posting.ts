import { and, eq, gt, gte, inArray, isNull, lt, ne, or, sql } from "drizzle-orm";
import type { PgBoss } from "pg-boss";
import type { SocialChannel } from "@/lib/model/social";
import type { Database } from "@/lib/server/db/client";
import {
  companies,
  jobs,
  listingPlans,
  socialChannels,
  socialPosts,
  socialSettings,
} from "@/lib/server/db/schema";
import { absoluteUrl } from "@/lib/server/mail/links";
import { log } from "@/lib/server/log";
import { QUEUES } from "@/lib/queue/constants";
import { jobUrl } from "@/features/jobs/server/job-url";
import { CHANNEL_APIS, type Connection } from "./channels";
import { ChannelError } from "./http";
import { postText, type PostListing } from "./message";
import { openSecret } from "./secrets";

/*
 * What gets posted, and its posting (issue 66). Every minute the sweep (queue social-sweep)
 * claims a row of social_posts for each live listing the board posts and each connected channel
 * (unique on listing and channel: never twice), marks the posts of listings that ended as due to
 * end, and queues one social-post job for each. The job makes the call: a post claimed
 * ("sending") before it, its remote id stored after; retried with backoff by the queue, delayed
 * (not failed) when the channel asks to wait.
 */

/** The job's data: one post to send, or to end. */
export type SocialPostJob = { postId: number };

/** How many tries a post's job has (the queue's retryLimit, lib/server/queue/queue.ts). */
export const SOCIAL_POST_RETRIES = 4;

const subjectOf = (jobId: number) => `job:${jobId}`;
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

async function queuePostJobs(boss: PgBoss, ids: readonly number[], startAfterSeconds?: number) {
  if (ids.length === 0) return;
  await boss.insert(
    QUEUES.socialPost,
    ids.map((postId) => ({
      data: { postId } satisfies SocialPostJob,
      startAfter: startAfterSeconds,
    })),
  );
}

/** The board's choice of what to post. */
export async function postMode(db: Database) {
  const [row] = await db.select({ mode: socialSettings.mode }).from(socialSettings);
  return row?.mode ?? "plan";
}

/**
 * One sweep: posts claimed for live listings not posted yet on a connected channel (those whose
 * plan includes a post, whenever published; with the owner's "every", every listing published
 * since the channel was connected), a daily roundup of yesterday's others (the "roundup"
 * choice), posts of ended listings marked due to end; a job queued for each.
 */
export async function sweepSocialPosts(db: Database, boss: PgBoss, now: Date) {
  const channels = await db
    .select({ channel: socialChannels.channel, connectedAt: socialChannels.connectedAt })
    .from(socialChannels);
  const mode = await postMode(db);
  const claimed: number[] = [];
  const live = and(
    eq(jobs.status, "open"),
    gt(jobs.expiresAt, now),
    sql`${jobs.publishedAt} <= ${now}`,
  );
  for (const { channel, connectedAt } of channels) {
    const wanted = await db
      .select({ id: jobs.id })
      .from(jobs)
      .innerJoin(listingPlans, eq(listingPlans.slug, jobs.plan))
      .where(
        and(
          live,
          mode === "every"
            ? or(eq(listingPlans.socialPost, true), gte(jobs.publishedAt, connectedAt))
            : eq(listingPlans.socialPost, true),
          sql`not exists (select 1 from ${socialPosts} p where p.subject = 'job:' || ${jobs.id} and p.channel = ${channel})`,
        ),
      )
      .limit(200);
    if (wanted.length > 0) {
      const rows = await db
        .insert(socialPosts)
        .values(
          wanted.map(({ id }) => ({
            subject: subjectOf(id),
            kind: "post" as const,
            jobId: id,
            channel,
          })),
        )
        .onConflictDoNothing()
        .returning({ id: socialPosts.id });
      claimed.push(...rows.map((row) => row.id));
    }
    // Yesterday's roundup (UTC), of the listings not posted on their own, once the day is over.
    if (mode === "roundup") {
      const start = new Date(`${dayOf(new Date(now.getTime() - 86_400_000))}T00:00:00Z`);
      if (connectedAt < start) {
        const rows = await db
          .insert(socialPosts)
          .values({ subject: `roundup:${dayOf(start)}`, kind: "roundup", channel })
          .onConflictDoNothing()
          .returning({ id: socialPosts.id });
        claimed.push(...rows.map((row) => row.id));
      }
    }
  }
  // Listings that left the board: posts on a channel are due to end; those not posted, ended.
  const gone = or(isNull(socialPosts.jobId), ne(jobs.status, "open"), lt(jobs.expiresAt, now));
  const ending = await db
    .update(socialPosts)
    .set({ endDueAt: now, updatedAt: now })
    .from(jobs)
    .where(
      and(
        eq(socialPosts.kind, "post"),
        eq(socialPosts.status, "posted"),
        isNull(socialPosts.endDueAt),
        sql`${jobs.id} = ${socialPosts.jobId}`,
        gone,
      ),
    )
    .returning({ id: socialPosts.id });
  // A listing deleted outright (job_id set null) is gone too.
  const orphans = await db
    .update(socialPosts)
    .set({ endDueAt: now, updatedAt: now })
    .where(
      and(
        eq(socialPosts.kind, "post"),
        eq(socialPosts.status, "posted"),
        isNull(socialPosts.endDueAt),
        isNull(socialPosts.jobId),
      ),
    )
    .returning({ id: socialPosts.id });
  await db
    .update(socialPosts)
    .set({ status: "ended", endedAt: now, updatedAt: now })
    .where(
      and(
        eq(socialPosts.kind, "post"),
        inArray(socialPosts.status, ["queued", "failed"]),
        or(
          isNull(socialPosts.jobId),
          sql`exists (select 1 from ${jobs} j where j.id = ${socialPosts.jobId} and (j.status <> 'open' or j.expires_at <= ${now}))`,
        ),
      ),
    );
  const due = [...claimed, ...ending.map((row) => row.id), ...orphans.map((row) => row.id)];
  await queuePostJobs(boss, due);
  return { claimed: claimed.length, ending: ending.length + orphans.length };
}

async function connection(db: Database, channel: SocialChannel): Promise<Connection | null> {
  const [row] = await db.select().from(socialChannels).where(eq(socialChannels.channel, channel));
  if (!row) return null;
  return { channel, settings: row.settings, secret: await openSecret(db, row.secret) };
}

type PostRow = typeof socialPosts.$inferSelect;

/** The listings a post names: its own, or the roundup day's new ones not posted on their own. */
async function listingsOf(db: Database, post: PostRow): Promise<PostListing[]> {
  const select = {
    id: jobs.id,
    slug: jobs.slug,
    title: jobs.title,
    company: companies.name,
    location: jobs.location,
  };
  if (post.kind === "post") {
    if (post.jobId === null) return [];
    const rows = await db
      .select(select)
      .from(jobs)
      .innerJoin(companies, eq(companies.id, jobs.companyId))
      .where(eq(jobs.id, post.jobId));
    return rows.map((job) => ({ ...job, url: jobUrl(job) }));
  }
  const day = post.subject.slice("roundup:".length);
  const start = new Date(`${day}T00:00:00Z`);
  const rows = await db
    .select(select)
    .from(jobs)
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .innerJoin(listingPlans, eq(listingPlans.slug, jobs.plan))
    .where(
      and(
        eq(jobs.status, "open"),
        gt(jobs.expiresAt, new Date()),
        gte(jobs.publishedAt, start),
        lt(jobs.publishedAt, new Date(start.getTime() + 86_400_000)),
        eq(listingPlans.socialPost, false),
      ),
    )
    .orderBy(jobs.publishedAt)
    .limit(50);
  return rows.map((job) => ({ ...job, url: jobUrl(job) }));
}

/** The words of a post on `channel`, and its link. */
export function compose(
  channel: SocialChannel,
  post: Pick<PostRow, "kind" | "subject">,
  listings: PostListing[],
  prefix?: string,
) {
  if (post.kind === "post") {
    const link = listings[0]!.url;
    return { link, text: postText(channel, listings, { link, prefix }) };
  }
  const link = absoluteUrl("/");
  const heading = `New jobs on ${post.subject.slice("roundup:".length)}:`;
  return { link, text: postText(channel, listings, { link, heading, prefix }) };
}

export type RunOptions = { now?: Date; lastTry?: boolean };

/**
 * Does what one post's job is for: sends a queued post, or ends a posted one whose listing ended.
 * Throws (for the queue to retry) on a failure worth trying again, unless `lastTry`: then the
 * post is left failed for the owner. A channel asking to wait gets the job queued again after
 * its wait, and this one done.
 */
export async function runSocialPost(
  db: Database,
  boss: PgBoss,
  postId: number,
  options: RunOptions = {},
) {
  const now = options.now ?? new Date();
  const [post] = await db.select().from(socialPosts).where(eq(socialPosts.id, postId));
  if (!post) return "gone";
  const conn = await connection(db, post.channel);
  const api = CHANNEL_APIS[post.channel];
  const notConnected = async () => {
    // Shown to the owner, who connects the channel again and retries, or skips.
    await db
      .update(socialPosts)
      .set({
        ...(post.status === "posted" ? {} : { status: "failed" as const }),
        lastError: "The channel is not connected: connect it again, then retry, or skip.",
        updatedAt: now,
      })
      .where(eq(socialPosts.id, post.id));
    return "disconnected";
  };
  if (post.status === "posted" && post.endDueAt) {
    if (!conn) return notConnected();
    const listings = await listingsOf(db, post);
    const closed =
      listings.length > 0 ? compose(post.channel, post, listings, "Closed:").text : "Closed.";
    await db
      .update(socialPosts)
      .set({ attempts: sql`${socialPosts.attempts} + 1`, updatedAt: now })
      .where(eq(socialPosts.id, post.id));
    try {
      const ending = await api.end(
        conn,
        { remoteId: post.remoteId!, remoteUrl: post.remoteUrl, postedAt: post.postedAt ?? now },
        closed,
        now,
      );
      await db
        .update(socialPosts)
        .set({ status: ending, endedAt: now, lastError: null, updatedAt: now })
        .where(eq(socialPosts.id, post.id));
      return ending;
    } catch (error) {
      return settleFailure(db, boss, post, error, options, "posted");
    }
  }
  if (post.status === "sending" && !api.idempotent) {
    // Claimed by a try whose outcome is unknown (a crash or a timeout after sending): sending
    // again could post it twice, so the owner looks at the channel and retries or skips.
    await db
      .update(socialPosts)
      .set({
        status: "failed",
        lastError:
          post.lastError ??
          "A try ended without an answer: it may be on the channel. Look, then retry or skip.",
        updatedAt: now,
      })
      .where(eq(socialPosts.id, post.id));
    return "unknown";
  }
  if (post.status !== "queued" && post.status !== "sending") return post.status;
  if (!conn) return notConnected();
  const listings = await listingsOf(db, post);
  if (listings.length === 0) {
    await db
      .update(socialPosts)
      .set({ status: "ended", endedAt: now, updatedAt: now })
      .where(eq(socialPosts.id, post.id));
    return "ended";
  }
  // The claim: only one try holds a queued post.
  const [claim] = await db
    .update(socialPosts)
    .set({ status: "sending", attempts: sql`${socialPosts.attempts} + 1`, updatedAt: now })
    .where(
      and(
        eq(socialPosts.id, post.id),
        inArray(socialPosts.status, api.idempotent ? ["queued", "sending"] : ["queued"]),
      ),
    )
    .returning({ id: socialPosts.id });
  if (!claim) return "taken";
  const { text, link } = compose(post.channel, post, listings);
  try {
    const posted = await api.post(conn, text, link, `creator-jobs-social-${post.id}`);
    await db
      .update(socialPosts)
      .set({
        status: "posted",
        remoteId: posted.remoteId,
        remoteUrl: posted.remoteUrl,
        postedAt: now,
        lastError: null,
        updatedAt: now,
      })
      .where(eq(socialPosts.id, post.id));
    return "posted";
  } catch (error) {
    return settleFailure(db, boss, post, error, options, "queued");
  }
}

async function settleFailure(
  db: Database,
  boss: PgBoss,
  post: PostRow,
  error: unknown,
  options: RunOptions,
  /** Where the post goes back to for another try: queued (a post) or posted (an ending). */
  back: "queued" | "posted",
): Promise<string> {
  const now = options.now ?? new Date();
  if (!(error instanceof ChannelError)) throw error;
  const message = error.message.slice(0, 500);
  if (error.waitSeconds !== undefined) {
    // The channel's limit: the same job later, not a failure.
    await db
      .update(socialPosts)
      .set({ status: back, lastError: message, updatedAt: now })
      .where(eq(socialPosts.id, post.id));
    await queuePostJobs(boss, [post.id], Math.max(1, error.waitSeconds));
    log.info(
      { post: post.id, channel: post.channel, wait: error.waitSeconds },
      "Social post delayed",
    );
    return "delayed";
  }
  if (
    error.unknown &&
    CHANNEL_APIS[post.channel].idempotent &&
    back === "queued" &&
    !options.lastTry
  ) {
    // Mastodon drops a repeat with the same Idempotency-Key: sending again is safe.
    await db
      .update(socialPosts)
      .set({ lastError: message, updatedAt: now })
      .where(eq(socialPosts.id, post.id));
    throw error;
  }
  const retry = error.retry && !options.lastTry;
  const status = back === "posted" ? "posted" : retry ? "queued" : "failed";
  await db
    .update(socialPosts)
    .set({ status, lastError: message, updatedAt: now })
    .where(eq(socialPosts.id, post.id));
  if (retry) throw error;
  return back === "posted" ? "end-failed" : "failed";
}

/** Queues the job of posts the owner retried (features/social/server/social-api.ts). */
export const queueSocialPosts = queuePostJobs;
