// @vitest-environment node
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { runJobAlerts } from "@/features/alerts/server/alerts";
import {
  runSavedSearchAlerts,
  SEARCH_SECTION_SIZE,
  type SavedSearchAlertOptions,
} from "@/features/alerts/server/saved-search-alerts";
import { unsubscribeWithToken } from "@/features/alerts/server/unsubscribe";
import { unsubscribeKey, verifyUnsubscribeToken } from "@/features/alerts/server/unsubscribe-token";
import { connectPostgres, type Database } from "@/lib/server/db/client";
import {
  alertSentJobs,
  favorites,
  jobs,
  preferences,
  rejections,
  savedSearches,
  users,
  type Company,
} from "@/lib/server/db/schema";
import { searchJobs } from "@/features/jobs/server/job-search";
import type { MailMessage } from "@/lib/server/mail/messages";
import { formatSalary } from "@/lib/format";
import type { SearchFilters } from "@/features/saved-searches/search";
import { setUpTestDatabase } from "@/tests/support/database";
import { insertCompany, insertJob } from "@/tests/db/fixtures";

/*
 * Saved searches' alerts (issue 29) on the real database, with an injected clock: who is due
 * (8:00 in their preferences' zone, else UTC; Mondays for weekly), what a mail holds (the
 * board's own results for each search, published since the last run or the save, without hidden,
 * saved or already-sent jobs), one mail per person grouping their searches, nothing twice, and
 * nothing when nothing is new.
 */

type SearchAlert = Extract<MailMessage, { template: "saved-search-alert" }>;

const handle = setUpTestDatabase();
let db: Database;
let studio: Company;

/** Wednesday 15 October 2025, noon UTC. */
const T = new Date("2025-10-15T12:00:00Z");
const HOUR = 3_600_000;
const hours = (n: number, from = T) => new Date(from.getTime() + n * HOUR);

beforeAll(async () => {
  db = handle.db;
  studio = await insertCompany(db, "search-alert-studio", "Search Studio");
});

// Every test starts from an empty board and no people (searches and sent jobs go by cascade).
beforeEach(async () => {
  await db.delete(jobs);
  await db.delete(users);
});

async function run(now: Date, options: Partial<SavedSearchAlertOptions> = {}, on: Database = db) {
  const mail: SearchAlert[] = [];
  const result = await runSavedSearchAlerts(on, {
    now,
    enqueue: async (_tx, messages) => {
      mail.push(...(messages as SearchAlert[]));
    },
    ...options,
  });
  return { result, mail };
}

const job = (title: string, fields: Partial<Parameters<typeof insertJob>[1]> = {}) =>
  insertJob(db, {
    title,
    companyId: studio.id,
    publishedAt: hours(-1),
    expiresAt: hours(30 * 24),
    ...fields,
  });

let made = 0;

/** A person who saved searches (each daily unless told otherwise) a day before T. */
async function person(
  searches: (SearchFilters & { frequency?: "daily" | "weekly" | "never"; savedAt?: Date })[],
  options: { email?: string | null; timeZone?: string } = {},
) {
  made += 1;
  const tag = `${made}-${Math.random().toString(36).slice(2, 8)}`;
  const [user] = await db
    .insert(users)
    .values({
      firebaseUid: `search-alerts-${tag}`,
      email: options.email === undefined ? `seeker-${tag}@example.com` : options.email,
      emailVerified: true,
      fullName: `Seeker ${made}`,
    })
    .returning();
  if (options.timeZone) {
    await db
      .insert(preferences)
      .values({ userId: user!.id, alertFrequency: "never", timeZone: options.timeZone });
  }
  const rows = [];
  for (const { frequency = "daily", savedAt = hours(-24), ...filters } of searches) {
    const [row] = await db
      .insert(savedSearches)
      .values({
        userId: user!.id,
        q: filters.q ?? null,
        department: filters.department ?? null,
        region: filters.region ?? null,
        type: filters.type ?? null,
        salaryMin: filters.salary_min ?? null,
        alertFrequency: frequency,
        createdAt: savedAt,
      })
      .returning();
    rows.push(row!);
  }
  return { ...user!, searches: rows };
}

const mailTo = (mail: SearchAlert[], email: string | null) => mail.filter((m) => m.to === email);
/** Each section's job ids, in order. */
const sectionsOf = (mail: SearchAlert | undefined) =>
  mail?.props.searches.map((section) => section.jobs.map((j) => j.id)) ?? [];

describe("what a mail holds", () => {
  it("holds each search's new matches as the board finds them, one section per search", async () => {
    const editor = await job("Video Editor", {
      department: "design",
      salaryMin: 70_000,
      salaryMax: 90_000,
    });
    const editorUs = await job("Senior Video Editor", {
      department: "design",
      region: "united-states",
      location: "Austin, TX",
      publishedAt: hours(-2),
    });
    const seller = await job("Partnerships Seller", {
      department: "sales",
      type: "contractor",
      publishedAt: hours(-3),
    });
    await job("Thumbnail Designer", { department: "design", publishedAt: hours(-4) });
    // Old, closed, expired, pending, or published after the run's clock: never in a mail.
    await job("Old Video Editor", { department: "design", publishedAt: hours(-30) });
    await job("Filled Video Editor", { department: "design", status: "filled" });
    await job("Expired Video Editor", { department: "design", expiresAt: hours(-1) });
    await job("Pending Video Editor", { department: "design", status: "pending" });
    await job("Future Video Editor", { department: "design", publishedAt: hours(1) });

    const seeker = await person([
      { q: "video editor", department: "design" },
      { type: "contractor" },
      { q: "astronaut" },
    ]);
    const remote = await person([{ q: "editor", region: "remote", salary_min: 80_000 }]);

    const { result, mail } = await run(T);

    expect(result).toEqual({ searches: 4, mails: 2, jobs: 4 });
    const [mine] = mailTo(mail, seeker.email);
    expect(mine!.props.recipientName).toBe(`Seeker ${made - 1}`);
    expect(mine!.props.searches.map((section) => section.filters)).toEqual([
      { q: "video editor", department: "design" },
      { type: "contractor" },
    ]);
    expect(sectionsOf(mine)).toEqual([[editor.id, editorUs.id], [seller.id]]);
    expect(mine!.props.searches[0]).toMatchObject({ frequency: "daily", moreCount: 0 });
    expect(mine!.props.searches[0]!.jobs[0]).toEqual({
      id: editor.id,
      slug: editor.slug,
      title: "Video Editor",
      companyName: "Search Studio",
      location: "Remote",
      type: "full-time",
      salary: formatSalary(70_000, 90_000, "USD"),
      publishedAt: hours(-1).toISOString(),
    });
    // A region's list has its own jobs and the remote ones; the salary floor as the board has it.
    expect(sectionsOf(mailTo(mail, remote.email)[0])).toEqual([[editor.id]]);

    // The very matching of the board's search, published since the search was saved.
    for (const [who, filters] of [
      [mine, { q: "video editor", department: "design" }],
      [mailTo(mail, remote.email)[0], { q: "editor", region: "remote", salary_min: 80_000 }],
    ] as const) {
      const board = await searchJobs(db, { ...filters, page: 1, per_page: 50 }, T);
      const fresh = board.jobs
        .filter((j) => Date.parse(j.published_at) > hours(-24).getTime())
        .filter((j) => Date.parse(j.published_at) <= T.getTime())
        .map((j) => j.id);
      expect(sectionsOf(who)[0]).toEqual(fresh);
    }

    const token = verifyUnsubscribeToken(await unsubscribeKey(db), mine!.props.unsubscribeToken, T);
    expect(token).toMatchObject({ ok: true, userId: seeker.id });
  });

  it("finds new jobs on later pages, behind older sponsored ones", async () => {
    for (let i = 0; i < 60; i += 1) {
      await job(`Sponsored Designer ${i}`, { sponsored: true, publishedAt: hours(-48 - i) });
    }
    const fresh = await job("Fresh Designer", { publishedAt: hours(-2) });
    const seeker = await person([{ department: "design" }]);
    const { mail } = await run(T);
    expect(sectionsOf(mailTo(mail, seeker.email)[0])).toEqual([[fresh.id]]);
  });

  it("names a few jobs per search and counts the rest", async () => {
    const made = [];
    for (let i = 1; i <= SEARCH_SECTION_SIZE + 3; i += 1) {
      made.push(await job(`Editor ${i}`, { publishedAt: hours(-i) }));
    }
    const seeker = await person([{ q: "editor" }]);
    const { mail, result } = await run(T);
    const [section] = mailTo(mail, seeker.email)[0]!.props.searches;
    expect(section!.jobs).toHaveLength(SEARCH_SECTION_SIZE);
    expect(section!.moreCount).toBe(3);
    expect(result.jobs).toBe(SEARCH_SECTION_SIZE);
    // Only the jobs named are recorded as sent.
    expect(await db.select().from(alertSentJobs)).toHaveLength(SEARCH_SECTION_SIZE);
  });

  it("leaves out jobs hidden, saved or sent before, and names a job two searches find once", async () => {
    const [hidden, saved, sent, both] = [
      await job("Hidden Editor", { publishedAt: hours(-1) }),
      await job("Saved Editor", { publishedAt: hours(-2) }),
      await job("Sent Editor", { publishedAt: hours(-3) }),
      await job("Remote Editor", { publishedAt: hours(-4) }),
    ];
    const seeker = await person([{ q: "editor" }, { region: "remote" }]);
    await db.insert(rejections).values({ userId: seeker.id, jobId: hidden.id });
    await db.insert(favorites).values({ userId: seeker.id, jobId: saved.id });
    // Sent in a preferences' digest, say.
    await db.insert(alertSentJobs).values({ userId: seeker.id, jobId: sent.id });

    const { mail } = await run(T);
    expect(sectionsOf(mailTo(mail, seeker.email)[0])).toEqual([[both.id]]);
  });

  it("mails nobody when nothing is new, but claims the searches", async () => {
    await job("Old Editor", { publishedAt: hours(-48) });
    const seeker = await person([{ q: "editor" }, { q: "designer" }]);
    const { result, mail } = await run(T);
    expect(result).toEqual({ searches: 2, mails: 0, jobs: 0 });
    expect(mail).toEqual([]);
    const rows = await db.select().from(savedSearches).where(eq(savedSearches.userId, seeker.id));
    expect(rows.map((row) => row.alertsSentAt)).toEqual([T, T]);
  });

  it("claims a search of an account without an address but records and mails nothing", async () => {
    await job("Any Editor");
    await person([{ q: "editor" }], { email: null });
    const { result, mail } = await run(T);
    expect(result).toEqual({ searches: 1, mails: 0, jobs: 0 });
    expect(mail).toEqual([]);
    expect(await db.select().from(alertSentJobs)).toEqual([]);
  });
});

describe("what goes out when", () => {
  it("looks back to the save the first time, then to the last run; nothing goes twice", async () => {
    const before = await job("Editor Before Saving", { publishedAt: hours(-3) });
    const seeker = await person([{ q: "editor", savedAt: hours(-2) }]);
    const first = await job("First Editor", { publishedAt: hours(-1) });

    const one = await run(T);
    expect(sectionsOf(mailTo(one.mail, seeker.email)[0])).toEqual([[first.id]]);
    expect(before.id).not.toBe(first.id);

    // The next day: only what came since (the overlap hour holds nothing that was not sent).
    const second = await job("Second Editor", { publishedAt: hours(20) });
    const two = await run(hours(24));
    expect(sectionsOf(mailTo(two.mail, seeker.email)[0])).toEqual([[second.id]]);

    // Nothing new the day after: no mail.
    const three = await run(hours(48));
    expect(three.mail).toEqual([]);
    expect(three.result.searches).toBe(1);
  });

  it("takes in a job dated just before the last run that the run did not see", async () => {
    const seeker = await person([{ q: "editor", savedAt: hours(-72) }]);
    const seen = await job("Seen Editor", { publishedAt: hours(-25) });
    const first = await run(hours(-24), { force: true });
    expect(sectionsOf(mailTo(first.mail, seeker.email)[0])).toEqual([[seen.id]]);
    // Committed after that run read the board, though its clock said 30 minutes before.
    const late = await job("Late Editor", { publishedAt: hours(-24.5) });
    const { mail } = await run(T);
    expect(sectionsOf(mailTo(mail, seeker.email)[0])).toEqual([[late.id]]);
  });

  it("is due at 8:00 in the person's time zone, else UTC, and Mondays for weekly", async () => {
    const at = (iso: string) => new Date(iso);
    const saturday = await job("Saturday Editor", { publishedAt: at("2025-10-18T12:00:00Z") });
    const utc = await person([{ q: "editor", savedAt: hours(-100) }]);
    const paris = await person([{ q: "editor", savedAt: hours(-100) }], {
      timeZone: "Europe/Paris",
    });
    const weekly = await person([{ q: "editor", frequency: "weekly", savedAt: hours(-100) }]);
    await person([{ q: "editor", frequency: "never", savedAt: hours(-100) }]);
    const sentTo = (mail: SearchAlert[]) => mail.map((m) => m.to).sort();

    // Sunday 19 October, noon UTC: nobody has had an alert yet, so all but never are due.
    const first = await run(at("2025-10-19T12:00:00Z"));
    expect(first.result).toEqual({ searches: 3, mails: 3, jobs: 3 });
    expect(first.mail.every((m) => sectionsOf(m)[0]![0] === saturday.id)).toBe(true);

    const sunday = await job("Sunday Editor", { publishedAt: at("2025-10-19T20:00:00Z") });
    // Monday 20 October: Paris's 8:00 is 6:00 UTC, UTC's is 8:00; weekly ones are due on Mondays.
    expect((await run(at("2025-10-20T05:59:00Z"))).result.searches).toBe(0);
    const parisTime = await run(at("2025-10-20T06:00:00Z"));
    expect(parisTime.result.searches).toBe(1);
    expect(sentTo(parisTime.mail)).toEqual([paris.email]);
    expect(sectionsOf(parisTime.mail[0])).toEqual([[sunday.id]]);
    const utcTime = await run(at("2025-10-20T08:00:00Z"));
    expect(utcTime.result.searches).toBe(2);
    expect(sentTo(utcTime.mail)).toEqual([utc.email, weekly.email].sort());
    // Tuesday: the daily ones again (nothing new: no mail), not the weekly one.
    const tuesday = await run(at("2025-10-21T08:00:00Z"));
    expect(tuesday.result).toEqual({ searches: 2, mails: 0, jobs: 0 });
  });

  it("sends nothing for a search switched to never, and an operator's run forces the rest", async () => {
    await job("Forced Editor");
    const seeker = await person([{ q: "editor" }, { q: "editor", region: "remote" }]);
    await db
      .update(savedSearches)
      .set({ alertFrequency: "never" })
      .where(eq(savedSearches.id, seeker.searches[1]!.id));
    expect((await run(T)).result.searches).toBe(1);
    expect((await run(T)).result.searches).toBe(0);
    const forced = await run(hours(1), { force: true });
    expect(forced.result.searches).toBe(1);
  });

  it("does not send a month at once to a search switched back on", async () => {
    const seeker = await person([{ q: "editor", savedAt: hours(-24 * 40) }]);
    await run(hours(-24 * 30));
    await db.update(savedSearches).set({ alertFrequency: "never" });
    const old = await job("Month Old Editor", { publishedAt: hours(-24 * 20) });
    const recent = await job("Recent Editor", { publishedAt: hours(-5) });
    await db.update(savedSearches).set({ alertFrequency: "daily" });
    const { mail } = await run(T);
    expect(sectionsOf(mailTo(mail, seeker.email)[0])).toEqual([[recent.id]]);
    expect(old.id).not.toBe(recent.id);
  });

  it("stops when the alert's unsubscribe link is used", async () => {
    await job("Unsubscribed Editor");
    const seeker = await person([{ q: "editor" }, { type: "full-time", frequency: "weekly" }]);
    const { mail } = await run(T);
    const token = mailTo(mail, seeker.email)[0]!.props.unsubscribeToken;
    expect(await unsubscribeWithToken(db, token, T)).toMatchObject({
      state: "valid",
      alertsOff: true,
    });
    const rows = await db.select().from(savedSearches);
    expect(rows.map((row) => row.alertFrequency)).toEqual(["never", "never"]);
    await job("Later Editor", { publishedAt: hours(10) });
    expect((await run(hours(24), { force: true })).mail).toEqual([]);
  });
});

describe("the job-alert run", () => {
  it("sends them after the preferences' digests, each job once to each person", async () => {
    const design = await job("Brand Designer", { department: "design", publishedAt: hours(-1) });
    const editor = await job("Video Editor", { department: "sales", publishedAt: hours(-2) });
    const seeker = await person([{ q: "designer" }, { q: "editor" }], { timeZone: "UTC" });
    await db
      .update(preferences)
      .set({ alertFrequency: "daily", departments: ["design"] })
      .where(eq(preferences.userId, seeker.id));

    const mail: MailMessage[] = [];
    const result = await runJobAlerts(db, {
      now: T,
      enqueue: async (_tx, messages) => {
        mail.push(...messages);
      },
    });
    expect(result).toMatchObject({ candidates: 1, searches: 2, mails: 2, jobs: 2 });
    expect(mail.map((m) => m.template)).toEqual(["job-alert", "saved-search-alert"]);
    const [digest, searches] = mail as [
      Extract<MailMessage, { template: "job-alert" }>,
      SearchAlert,
    ];
    expect(digest.props.jobs.map((j) => j.id)).toEqual([design.id]);
    // The designer was in the digest: the saved searches' mail has only what is new to them.
    expect(sectionsOf(searches)).toEqual([[editor.id]]);
    expect(searches.props.searches[0]!.filters).toEqual({ q: "editor" });
  });
});

describe("a run's transactions", () => {
  it("claims, records and queues together: a failed enqueue leaves everything as it was", async () => {
    await job("Rolled Back Editor");
    const seeker = await person([{ q: "editor" }]);
    await expect(
      run(T, {
        enqueue: async () => {
          throw new Error("the queue is down");
        },
      }),
    ).rejects.toThrow("the queue is down");
    const [row] = await db.select().from(savedSearches);
    expect(row!.alertsSentAt).toBeNull();
    expect(await db.select().from(alertSentJobs)).toEqual([]);
    const { mail } = await run(hours(1));
    expect(mail.map((m) => m.to)).toEqual([seeker.email]);
  });

  it("works through everyone due in batches, one mail per person", async () => {
    await job("Batch Editor");
    const people = [];
    for (let i = 0; i < 5; i += 1) people.push(await person([{ q: "editor" }, { q: "batch" }]));
    const { result, mail } = await run(T, { batchSize: 2 });
    expect(result).toEqual({ searches: 10, mails: 5, jobs: 5 });
    expect(mail.map((m) => m.to).sort()).toEqual(people.map((p) => p.email).sort());
  });

  it("never mails a person twice when runs overlap", async () => {
    await job("Overlapping Editor");
    const people = [];
    for (let i = 0; i < 8; i += 1) people.push(await person([{ q: "editor" }]));
    // On PostgreSQL, each run on a pool of its own, as separate instances would.
    const url = handle.postgres?.connectionString;
    const others = url ? [connectPostgres(url), connectPostgres(url)] : [];
    try {
      const runs = await Promise.all(
        [db, ...others.map((other) => other.db), db].map((on) => run(T, { batchSize: 2 }, on)),
      );
      const mailed = runs.flatMap(({ mail }) => mail.map((m) => m.to));
      expect(mailed.sort()).toEqual(people.map((p) => p.email).sort());
      expect(runs.reduce((sum, { result }) => sum + result.searches, 0)).toBe(8);
      expect(await db.select().from(alertSentJobs)).toHaveLength(8);
    } finally {
      await Promise.all(others.map((other) => other.close()));
    }
  });
});
