// @vitest-environment node
import { eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { runJobAlerts, type AlertRunOptions } from "@/features/alerts/server/alerts";
import { isAlertDue } from "@/features/alerts/server/digest-schedule";
import { unsubscribeKey, verifyUnsubscribeToken } from "@/features/alerts/server/unsubscribe-token";
import { recommendJobs } from "@/features/account/server/preferences";
import { connectPostgres, type Database } from "@/lib/server/db/client";
import {
  alertSentJobs,
  applications,
  favorites,
  jobs,
  preferences,
  rejections,
  users,
  type Company,
} from "@/lib/server/db/schema";
import type { MailMessage } from "@/lib/server/mail/messages";
import { formatSalary } from "@/lib/format";
import { setUpTestDatabase } from "@/tests/support/database";
import { insertCompany, insertJob } from "@/tests/db/fixtures";
import { alertsSentAt, insertCandidate } from "./candidates";

/*
 * The alert run on the real database: who is due (8:00 in their zone, Mondays for weekly), what
 * each digest holds (the /jobs matching, newest first, without hidden, saved, applied or
 * already-sent jobs), that nothing goes twice, and that runs at once share the work.
 */

type JobAlert = Extract<MailMessage, { template: "job-alert" }>;

const handle = setUpTestDatabase();
let db: Database;
let studio: Company;

/** Wednesday noon UTC. */
const T = new Date("2025-10-15T12:00:00Z");
const HOUR = 3_600_000;
const hours = (n: number, from = T) => new Date(from.getTime() + n * HOUR);

beforeAll(async () => {
  db = handle.db;
  studio = await insertCompany(db, "alert-studio", "Alert Studio");
});

// Every test starts from an empty board and no people (marks and sent jobs go by cascade).
beforeEach(async () => {
  await db.delete(jobs);
  await db.delete(users);
});

async function run(now: Date, options: Partial<AlertRunOptions> = {}, on: Database = db) {
  const mail: JobAlert[] = [];
  const result = await runJobAlerts(on, {
    now,
    enqueue: async (_tx, messages) => {
      mail.push(...(messages as JobAlert[]));
    },
    ...options,
  });
  return { result, mail };
}

const digestTo = (mail: JobAlert[], email: string | null) => mail.find((m) => m.to === email);
const idsIn = (digest: JobAlert | undefined) => digest?.props.jobs.map((job) => job.id) ?? [];

const job = (title: string, fields: Partial<Parameters<typeof insertJob>[1]> = {}) =>
  insertJob(db, { title, companyId: studio.id, publishedAt: hours(-1), ...fields });

describe("what a digest holds", () => {
  it("matches each candidate's preferences as /jobs does, within their window", async () => {
    const designRemote = await job("Brand Designer", { salaryMin: 70_000, salaryMax: 90_000 });
    const engineeringUs = await job("Tools Engineer", {
      department: "engineering",
      region: "united-states",
      location: "Austin, TX",
      salaryMin: 120_000,
      salaryMax: 150_000,
      publishedAt: hours(-2),
    });
    const salesEurope = await job("Partnerships Seller", {
      department: "sales",
      region: "europe",
      type: "contractor",
      location: "Berlin",
      publishedAt: hours(-3),
    });
    // Remote, for people in Asia-Pacific only: not for someone who picked the US or Europe.
    const designApac = await job("Community Designer", {
      location: "Remote (APAC)",
      publishedAt: hours(-5),
    });
    const designOld = await job("Motion Designer", { publishedAt: hours(-72) });
    // Not open, expired, waiting for review, not yet published: never in a digest.
    await job("Filled Designer", { status: "filled" });
    await job("Expired Designer", { publishedAt: hours(-4), expiresAt: hours(-1) });
    await job("Pending Designer", { status: "pending" });
    await job("Future Designer", { publishedAt: hours(1) });

    const people = {
      any: await insertCandidate(db),
      designWeekly: await insertCandidate(db, {
        preferences: { departments: ["design"], alertFrequency: "weekly" },
      }),
      remoteOnly: await insertCandidate(db, {
        preferences: { regions: ["united-states"], remoteOnly: true },
      }),
      floor: await insertCandidate(db, { preferences: { salaryMin: 100_000 } }),
      contractor: await insertCandidate(db, { preferences: { types: ["contractor"] } }),
      usOrEurope: await insertCandidate(db, {
        preferences: { regions: ["united-states", "europe"] },
      }),
      legal: await insertCandidate(db, { preferences: { departments: ["legal"] } }),
    };

    const { result, mail } = await run(T);

    const expected = {
      any: [designRemote.id, engineeringUs.id, salesEurope.id, designApac.id],
      designWeekly: [designRemote.id, designApac.id, designOld.id],
      remoteOnly: [designRemote.id, designApac.id],
      floor: [engineeringUs.id],
      contractor: [salesEurope.id],
      // A region has its own jobs and the remote ones open to people there (anywhere, here).
      usOrEurope: [designRemote.id, engineeringUs.id, salesEurope.id],
      legal: [],
    };
    for (const [name, person] of Object.entries(people)) {
      const digest = digestTo(mail, person.email);
      expect(idsIn(digest), name).toEqual(expected[name as keyof typeof expected]);
      // The same jobs /jobs lists for them, those published in the digest's window.
      const since = hours(name === "designWeekly" ? -7 * 24 : -24).getTime();
      const listed = (await recommendJobs(db, person.id, 1, T)).jobs
        .filter((listedJob) => {
          const published = Date.parse(listedJob.published_at);
          return published > since && published <= T.getTime();
        })
        .map((listedJob) => listedJob.id);
      expect(idsIn(digest), `${name} as /jobs`).toEqual(listed);
    }
    expect(result).toMatchObject({ candidates: 7, mails: 6, jobs: 14 });
  });

  it("leaves out the jobs the candidate hid, saved or applied to", async () => {
    const [hidden, saved, applied, fresh] = [
      await job("Hidden Role", { publishedAt: hours(-1) }),
      await job("Saved Role", { publishedAt: hours(-2) }),
      await job("Applied Role", { publishedAt: hours(-3) }),
      await job("Fresh Role", { publishedAt: hours(-4) }),
    ];
    const person = await insertCandidate(db);
    await db.insert(rejections).values({ userId: person.id, jobId: hidden!.id });
    await db.insert(favorites).values({ userId: person.id, jobId: saved!.id });
    await db.insert(applications).values({ userId: person.id, jobId: applied!.id });

    const { mail } = await run(T);
    expect(idsIn(digestTo(mail, person.email))).toEqual([fresh!.id]);
  });

  it("lists the 10 newest and counts the rest, as the mail template expects", async () => {
    const made = [];
    for (let i = 1; i <= 12; i += 1) {
      made.push(
        await job(`Role ${i}`, {
          publishedAt: hours(-i),
          salaryMin: i % 2 ? 60_000 : null,
          salaryMax: i % 2 ? 80_000 : null,
          location: `City ${i}`,
        }),
      );
    }
    const person = await insertCandidate(db, { fullName: "Ada Lovelace" });

    const { mail } = await run(T);

    expect(mail).toHaveLength(1);
    const digest = mail[0]!;
    expect(digest.template).toBe("job-alert");
    expect(digest.to).toBe(person.email);
    expect(digest.props).toMatchObject({
      recipientName: "Ada Lovelace",
      frequency: "daily",
      moreCount: 2,
    });
    expect(digest.props.jobs.map((j) => j.id)).toEqual(made.slice(0, 10).map((j) => j.id));
    expect(digest.props.jobs[0]).toEqual({
      id: made[0]!.id,
      slug: made[0]!.slug,
      title: "Role 1",
      companyName: "Alert Studio",
      location: "City 1",
      type: "full-time",
      salary: formatSalary(60_000, 80_000, "USD"),
      publishedAt: hours(-1).toISOString(),
    });
    expect(digest.props.jobs[1]!.salary).toBeNull();
    const token = verifyUnsubscribeToken(
      await unsubscribeKey(db),
      digest.props.unsubscribeToken,
      T,
    );
    expect(token).toMatchObject({ ok: true, userId: person.id });
  });
});

describe("what goes out when", () => {
  it("sends no job twice across runs, even when the window opens again", async () => {
    const first = await job("First Role", { publishedAt: hours(-2) });
    const person = await insertCandidate(db);

    expect(idsIn(digestTo((await run(T)).mail, person.email))).toEqual([first.id]);

    const second = await job("Second Role", { publishedAt: hours(1) });
    const again = await run(hours(2), { force: true });
    expect(idsIn(digestTo(again.mail, person.email))).toEqual([second.id]);

    // With no record of a last digest the run looks back a whole day: both jobs are in that
    // day, and both were sent, so nothing goes.
    await db.update(preferences).set({ alertsSentAt: null });
    const third = await run(hours(3));
    expect(third.result).toMatchObject({ candidates: 1, mails: 0 });
    const sent = await db.select().from(alertSentJobs).where(eq(alertSentJobs.userId, person.id));
    expect(sent.map((row) => row.jobId).sort()).toEqual([first.id, second.id].sort());
  });

  it("takes in a job dated just before the last digest that the digest did not see", async () => {
    const person = await insertCandidate(db, { preferences: { alertsSentAt: hours(-48) } });
    const seen = await job("Seen Role", { publishedAt: hours(-25) });
    const first = await run(hours(-24), { force: true });
    expect(idsIn(digestTo(first.mail, person.email))).toEqual([seen.id]);
    // Committed after that run read the board, though its clock said 30 minutes before.
    const late = await job("Late Role", { publishedAt: hours(-24.5) });
    const { mail } = await run(T);
    expect(idsIn(digestTo(mail, person.email))).toEqual([late.id]);
  });

  it("claims a candidate with nothing new but mails nothing", async () => {
    await job("Old Role", { publishedAt: hours(-48) });
    const person = await insertCandidate(db);

    const { result, mail } = await run(T);
    expect(result).toEqual({ candidates: 1, searches: 0, mails: 0, jobs: 0, queries: 1 });
    expect(mail).toEqual([]);
    expect(await alertsSentAt(db, person.id)).toEqual(T);
  });

  it("claims a candidate without an address but records and mails nothing", async () => {
    await job("Any Role");
    const person = await insertCandidate(db, { email: null });

    const { result } = await run(T);
    expect(result).toMatchObject({ candidates: 1, mails: 0 });
    expect(await alertsSentAt(db, person.id)).toEqual(T);
    expect(await db.select().from(alertSentJobs)).toEqual([]);
  });

  it("mails nothing to an address its provider did not verify (issue 40)", async () => {
    await job("Any Role");
    const person = await insertCandidate(db, { emailVerified: false });

    const { result, mail } = await run(T);
    expect(result).toMatchObject({ candidates: 1, mails: 0 });
    expect(mail).toEqual([]);
    expect(await alertsSentAt(db, person.id)).toEqual(T);
  });

  it("sends at 8:00 in the candidate's zone, not at 7:59", async () => {
    // Paris is UTC+2 in October: 8:00 there is 6:00 UTC.
    const person = await insertCandidate(db, {
      preferences: { timeZone: "Europe/Paris", alertsSentAt: new Date("2025-10-14T06:00:00Z") },
    });
    const fresh = await job("Early Role", { publishedAt: new Date("2025-10-15T01:00:00Z") });

    const early = await run(new Date("2025-10-15T05:59:00Z"));
    expect(early.result).toMatchObject({ candidates: 0, mails: 0 });
    expect(await alertsSentAt(db, person.id)).toEqual(new Date("2025-10-14T06:00:00Z"));

    const onTime = await run(new Date("2025-10-15T06:00:00Z"));
    expect(onTime.result).toMatchObject({ candidates: 1, mails: 1 });
    expect(idsIn(digestTo(onTime.mail, person.email))).toEqual([fresh.id]);

    // Later that day: not due again.
    expect((await run(new Date("2025-10-15T20:00:00Z"))).result.candidates).toBe(0);
  });

  it("sends weekly digests on Mondays only", async () => {
    // Monday 13 October, 8:00 in New York (UTC-4).
    const monday = new Date("2025-10-13T12:00:00Z");
    const person = await insertCandidate(db, {
      preferences: {
        timeZone: "America/New_York",
        alertFrequency: "weekly",
        alertsSentAt: monday,
      },
    });
    await job("Midweek Role", { publishedAt: new Date("2025-10-16T09:00:00Z") });
    for (const day of ["14", "15", "16", "17", "18", "19"]) {
      const { result } = await run(new Date(`2025-10-${day}T13:00:00Z`));
      expect(result.candidates, day).toBe(0);
    }
    expect((await run(new Date("2025-10-20T11:59:00Z"))).result.candidates).toBe(0);
    const { mail } = await run(new Date("2025-10-20T12:00:00Z"));
    expect(digestTo(mail, person.email)?.props.frequency).toBe("weekly");
  });

  it("claims exactly those schedule.ts says are due, in every zone", async () => {
    const zones = ["UTC", "Europe/Paris", "America/New_York", "Asia/Kolkata", "Pacific/Kiritimati"];
    const lastSent = [null, hours(-5), hours(-20), hours(-30), hours(-24 * 6), hours(-24 * 9)];
    const people: { id: number; zone: string; frequency: "daily" | "weekly"; last: Date | null }[] =
      [];
    for (const zone of zones) {
      for (const frequency of ["daily", "weekly"] as const) {
        for (const last of lastSent) {
          const person = await insertCandidate(db, {
            preferences: { timeZone: zone, alertFrequency: frequency, alertsSentAt: last },
          });
          people.push({ id: person.id, zone, frequency, last });
        }
      }
    }
    // A minute before and at each zone's 8:00, on days before, in and after a week.
    const instants = ["2025-10-14", "2025-10-15", "2025-10-16", "2025-10-20"].flatMap((day) =>
      [
        "02:29",
        "02:30",
        "05:59",
        "06:00",
        "07:59",
        "08:00",
        "11:59",
        "12:00",
        "17:59",
        "18:00",
      ].map((time) => new Date(`${day}T${time}:00Z`)),
    );
    const lastOf = sql.join(
      people.map(
        (person) =>
          sql`(${person.id}::integer, ${person.last?.toISOString() ?? null}::timestamptz)`,
      ),
      sql`, `,
    );
    for (const now of instants) {
      await db.execute(sql`update preferences set alerts_sent_at = v.last
        from (values ${lastOf}) as v(id, last) where preferences.user_id = v.id`);
      await run(now, { batchSize: 7 });
      const claimed = await db
        .select({ id: preferences.userId, at: preferences.alertsSentAt })
        .from(preferences);
      for (const person of people) {
        const at = claimed.find((row) => row.id === person.id)!.at?.getTime();
        // Claimed: moved to now (from anything else: a last digest at `now` is not due).
        const wasClaimed = at === now.getTime() && person.last?.getTime() !== at;
        const due = isAlertDue({
          now,
          timeZone: person.zone,
          frequency: person.frequency,
          lastSentAt: person.last,
        });
        expect(wasClaimed, `${JSON.stringify(person)} at ${now.toISOString()}`).toBe(due);
      }
    }
  });

  it("takes every candidate with alerts on when forced, and none with alerts off", async () => {
    await job("Forced Role");
    const sentAtEight = new Date("2025-10-15T08:00:00Z");
    const daily = await insertCandidate(db, { preferences: { alertsSentAt: sentAtEight } });
    const off = await insertCandidate(db, { preferences: { alertFrequency: "never" } });

    expect((await run(T)).result.candidates).toBe(0);
    const forced = await run(T, { force: true });
    expect(forced.result).toMatchObject({ candidates: 1, mails: 1 });
    expect(digestTo(forced.mail, daily.email)).toBeDefined();
    expect(await alertsSentAt(db, off.id)).toBeNull();
    // A second forced run at the same moment finds them claimed by the first.
    expect((await run(T, { force: true })).result.candidates).toBe(0);
  });

  it("works through every due candidate in batches, one statement each", async () => {
    await job("Batch Role");
    for (let i = 0; i < 7; i += 1) await insertCandidate(db);
    const { result } = await run(T, { batchSize: 2 });
    // 2, 2, 2 and then 1: the short batch shows there are no more.
    expect(result).toEqual({ candidates: 7, searches: 0, mails: 7, jobs: 7, queries: 4 });
  });
});

describe("a run's transactions", () => {
  it("claims, records and queues together: a failed enqueue leaves everything as it was", async () => {
    await job("Rolled Back Role");
    const person = await insertCandidate(db);

    await expect(
      run(T, {
        enqueue: async () => {
          throw new Error("the queue is down");
        },
      }),
    ).rejects.toThrow("the queue is down");
    expect(await alertsSentAt(db, person.id)).toBeNull();
    expect(await db.select().from(alertSentJobs)).toEqual([]);

    const { mail } = await run(hours(1));
    expect(mail.map((m) => m.to)).toEqual([person.email]);
  });

  it("queues in the transaction it is given", async () => {
    await job("Transactional Role");
    await insertCandidate(db);
    await run(T, {
      enqueue: async (tx) => {
        // Inside the batch's transaction, its claim and records are visible.
        const [row] = await tx
          .select({ count: sql<number>`count(*)::integer` })
          .from(alertSentJobs);
        expect(row!.count).toBe(1);
      },
    });
  });

  it("never mails a candidate twice when runs overlap", async () => {
    const people = [];
    for (let i = 0; i < 12; i += 1) {
      const person = await insertCandidate(db);
      people.push(person);
    }
    await job("Overlapping Role");
    // On PostgreSQL, each run on a pool of its own, as separate instances would.
    const url = handle.postgres?.connectionString;
    const others = url ? [connectPostgres(url), connectPostgres(url)] : [];
    try {
      const runs = await Promise.all(
        [db, ...others.map((other) => other.db), db].map((on) => run(T, { batchSize: 3 }, on)),
      );
      const mailed = runs.flatMap(({ mail }) => mail.map((m) => m.to));
      expect(mailed.sort()).toEqual(people.map((person) => person.email).sort());
      expect(runs.reduce((sum, { result }) => sum + result.candidates, 0)).toBe(12);
      expect(await db.select().from(alertSentJobs)).toHaveLength(12);
    } finally {
      await Promise.all(others.map((other) => other.close()));
    }
  });
});
