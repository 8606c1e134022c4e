// @vitest-environment node
import { eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it, beforeAll } from "vitest";
import { analyticsCsv } from "@/features/analytics/server/csv";
import { employerFunnel } from "@/features/analytics/server/employer-funnel";
import { analyticsReport } from "@/features/analytics/server/report";
import { buildFunnelDays } from "@/features/analytics/server/funnel-daily";
import { snapshotAudience } from "@/features/analytics/server/audience";
import {
  computeDepartmentMedians,
  departmentMediansOf,
  keptDepartmentMedians,
} from "@/features/analytics/server/department-medians";
import { FUNNEL_DIMENSIONS, type FunnelDimension } from "@/features/analytics/analytics-schemas";
import { DEPARTMENTS, JOB_TYPES, REGIONS } from "@/lib/taxonomy";
import {
  newsletterSubscribers,
  atsJobs,
  atsSources,
  funnelDaily,
  funnelDays,
  jobApplications,
  listingStats,
  savedSearches,
  searchStats,
  siteStats,
  users,
} from "@/lib/server/db/schema";
import { addDays } from "@/lib/server/stats/visitor-counts";
import { daysBetween } from "@/features/analytics/server/range";
import { insertCompany, insertJob } from "@/tests/db/fixtures";
import { setUpTestDatabase } from "@/tests/support/database";

/*
 * The owner's report and the employer's funnel against a seeded board: varied listings (live,
 * ended before the range, published after it, pending, imported), their daily figures and
 * applications at every stage; every figure is computed again here from the rows inserted, in
 * JavaScript, and must be the report's.
 */

const handle = setUpTestDatabase();

const FROM = "2026-03-01";
const TO = "2026-03-10";
const PREVIOUS = { from: "2026-02-19", to: "2026-02-28" };
const NOW = new Date("2026-03-12T09:00:00Z");
const DAY = 86_400_000;
const at = (day: string, hours = 12) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + hours * 3_600_000);
const START = Date.parse(`${FROM}T00:00:00Z`);
const END = Date.parse(`${addDays(TO, 1)}T00:00:00Z`);

/** A small deterministic generator, so a failure can be run again as it was. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}
const rand = random(65);
const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
const int = (max: number) => Math.floor(rand() * max);

type SeededJob = {
  id: number;
  companyId: number;
  title: string;
  department: string;
  region: string;
  type: string;
  status: string;
  publishedAt: Date;
  expiresAt: Date;
  closedAt: Date | null;
  imported: boolean;
};
type SeededApplication = {
  jobId: number;
  createdAt: Date;
  interviewedAt: Date | null;
  hiredAt: Date | null;
  source: string | null;
};

const seeded = {
  jobs: [] as SeededJob[],
  stats: [] as { jobId: number; day: string; views: number; applyClicks: number }[],
  applications: [] as SeededApplication[],
  site: [] as { day: string; dimension: string; value: string; views: number; visitors: number }[],
};
let companyA = 0;
let companyB = 0;

beforeAll(async () => {
  const { db } = handle;
  companyA = (await insertCompany(db, "funnel-a", "Funnel A")).id;
  companyB = (await insertCompany(db, "funnel-b", "Funnel B")).id;
  const [source] = await db
    .insert(atsSources)
    .values({ companyId: companyA, ats: "greenhouse", board: "funnel-a", rules: {} as never })
    .returning();
  const people = await db
    .insert(users)
    .values(
      Array.from({ length: 40 }, (_, i) => ({
        firebaseUid: `funnel-${i}`,
        email: `c${i}@funnel.example`,
      })),
    )
    .returning({ id: users.id });
  const statuses = [
    "open",
    "open",
    "open",
    "filled",
    "expired",
    "withdrawn",
    "pending",
    "rejected",
  ];
  for (let i = 0; i < 36; i++) {
    const status = pick(statuses);
    // Published from 40 days before the range to 3 days after it.
    const publishedAt = new Date(START - 40 * DAY + int(53 * 24) * 3_600_000);
    const expiresAt = new Date(publishedAt.getTime() + (5 + int(40)) * DAY);
    const closedAt =
      status === "filled" || status === "withdrawn"
        ? new Date(publishedAt.getTime() + int(30 * 24) * 3_600_000)
        : null;
    const companyId = i % 3 === 2 ? companyB : companyA;
    const job = await insertJob(db, {
      title: `Funnel job ${i}`,
      companyId,
      department: i < 4 ? "design" : pick(DEPARTMENTS).slug,
      region: pick(REGIONS).slug,
      type: pick(JOB_TYPES).slug,
      status: status as never,
      publishedAt,
      expiresAt,
      closedAt,
    });
    const imported = companyId === companyA && rand() < 0.3;
    if (imported) {
      await db
        .insert(atsJobs)
        .values({ sourceId: source!.id, externalId: `ext-${i}`, jobId: job.id, title: job.title });
    }
    seeded.jobs.push({
      id: job.id,
      companyId,
      title: job.title,
      department: job.department,
      region: job.region,
      type: job.type,
      status,
      publishedAt,
      expiresAt,
      closedAt,
      imported,
    });
    for (let d = -12; d < 14; d++) {
      if (rand() < 0.5) continue;
      seeded.stats.push({
        jobId: job.id,
        day: addDays(FROM, d),
        views: int(50),
        applyClicks: int(6),
      });
    }
    const applicants = int(6);
    for (let a = 0; a < applicants; a++) {
      const createdAt = new Date(publishedAt.getTime() + int(25 * 24) * 3_600_000);
      const interviewedAt =
        rand() < 0.5 ? new Date(createdAt.getTime() + int(6 * 24) * 3_600_000) : null;
      const hiredAt =
        interviewedAt && rand() < 0.5
          ? new Date(interviewedAt.getTime() + int(6 * 24) * 3_600_000)
          : null;
      seeded.applications.push({
        jobId: job.id,
        createdAt,
        interviewedAt,
        hiredAt,
        source: pick([null, "direct", "linkedin.com", "ニュースレター", "newsletter"]),
      });
    }
  }
  await db.insert(listingStats).values(seeded.stats);
  await db.insert(jobApplications).values(
    seeded.applications.map((application, i) => ({
      ...application,
      userId: people[i % people.length]!.id,
      stage: (application.hiredAt
        ? "hired"
        : application.interviewedAt
          ? "interview"
          : "new") as never,
    })),
  );
  // Traffic on both periods' days (some days none), and a day outside both.
  for (const day of [...days(PREVIOUS.from, 20), "2026-02-18", "2026-03-11"]) {
    if (rand() < 0.15) continue;
    const total = {
      day,
      dimension: "total",
      value: "",
      views: 100 + int(900),
      visitors: 50 + int(300),
    };
    seeded.site.push(total);
    for (const [dimension, values] of [
      ["page", ["/", "/jobs", "/departments/design", "/jobs/1-ニュース"]],
      ["landing", ["/", "/jobs"]],
      ["referrer", ["direct", "google.com", "wykop.pl", '=HYPERLINK("x")']],
      ["device", ["desktop", "phone", "tablet"]],
    ] as const) {
      for (const value of values) {
        if (rand() < 0.2) continue;
        seeded.site.push({ day, dimension, value, views: int(200), visitors: int(100) });
      }
    }
  }
  await db.insert(siteStats).values(seeded.site as never);
  await db.insert(searchStats).values([
    {
      day: "2026-03-02",
      term: "video editor",
      searches: 30,
      visitors: 20,
      zeroResults: 0,
      results: 12,
    },
    {
      day: "2026-03-05",
      term: "video editor",
      searches: 10,
      visitors: 8,
      zeroResults: 2,
      results: 0,
    },
    { day: "2026-03-03", term: "محرر فيديو", searches: 7, visitors: 5, zeroResults: 7, results: 0 },
    { day: "2026-03-04", term: "montażysta", searches: 9, visitors: 9, zeroResults: 3, results: 4 },
    { day: "2026-03-09", term: "montażysta", searches: 2, visitors: 2, zeroResults: 0, results: 5 },
    {
      day: "2026-02-25",
      term: "ui designer",
      searches: 11,
      visitors: 6,
      zeroResults: 11,
      results: 0,
    },
  ]);
  await db.insert(savedSearches).values([
    { userId: people[0]!.id, q: "a", alertFrequency: "daily", createdAt: at("2026-01-05") },
    { userId: people[1]!.id, q: "b", alertFrequency: "never", createdAt: at("2026-03-02") },
    { userId: people[2]!.id, q: "c", alertFrequency: "weekly", createdAt: at("2026-03-02", 23) },
    { userId: people[3]!.id, q: "d", alertFrequency: "daily", createdAt: at("2026-03-11") },
  ]);
});

function days(from: string, count: number) {
  return Array.from({ length: count }, (_, i) => addDays(from, i));
}

const inRange = (date: Date | null) =>
  date !== null && date.getTime() >= START && date.getTime() < END;
const isLive = (job: SeededJob) =>
  !["pending", "rejected"].includes(job.status) &&
  job.publishedAt.getTime() < END &&
  job.expiresAt.getTime() >= START &&
  (job.closedAt === null || job.closedAt.getTime() >= START);

/** PostgreSQL's percentile_cont(0.5): the middle value, or the mean of the middle two. */
function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = (sorted.length - 1) / 2;
  const low = sorted[Math.floor(middle)]!;
  const high = sorted[Math.ceil(middle)]!;
  return low + (high - low) * (middle - Math.floor(middle));
}
const oneDecimal = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);

/** One listing's figures over the range, from the rows inserted. */
function figuresOf(job: SeededJob) {
  const stats = seeded.stats.filter(
    (row) => row.jobId === job.id && row.day >= FROM && row.day <= TO,
  );
  const applications = seeded.applications.filter((row) => row.jobId === job.id);
  const first = applications
    .map((row) => row.createdAt.getTime())
    .filter((time) => time < END)
    .sort((a, b) => a - b)[0];
  return {
    views: stats.reduce((sum, row) => sum + row.views, 0),
    apply_clicks: stats.reduce((sum, row) => sum + row.applyClicks, 0),
    applications: applications.filter((row) => inRange(row.createdAt)).length,
    interviews: applications.filter((row) => inRange(row.interviewedAt)).length,
    hires: applications.filter((row) => inRange(row.hiredAt)).length,
    days: first === undefined ? null : Math.max((first - job.publishedAt.getTime()) / DAY, 0),
  };
}

function expectedRow(jobs: SeededJob[]) {
  const figures = jobs.map(figuresOf);
  const sum = (key: "views" | "apply_clicks" | "applications" | "interviews" | "hires") =>
    figures.reduce((total, row) => total + row[key], 0);
  return {
    listings: jobs.length,
    views: sum("views"),
    apply_clicks: sum("apply_clicks"),
    applications: sum("applications"),
    interviews: sum("interviews"),
    hires: sum("hires"),
    median_days_to_first_application: oneDecimal(
      median(figures.flatMap((row) => (row.days === null ? [] : [row.days]))),
    ),
  };
}

const keyOf = (job: SeededJob, by: FunnelDimension) =>
  by === "source" ? (job.imported ? "imported" : "typed") : job[by];

const wentLive = (job: SeededJob) => !["pending", "rejected"].includes(job.status);
const inDays = (day: string) => day >= FROM && day <= TO;

/**
 * The owner's funnel over a group of listings as features/analytics/server/funnel-daily.ts
 * defines it, counted here from the rows inserted: the listings live in the range; the views,
 * apply clicks, applications, interviews and hires of the range's days of every listing that
 * went live (live in the range or not); the median days to the first application of the
 * listings whose first application came in the range. Undefined when the group has no figure.
 */
function rolledUpRow(jobs: SeededJob[]) {
  const ids = new Set(jobs.filter(wentLive).map((job) => job.id));
  const stats = seeded.stats.filter((row) => ids.has(row.jobId) && inDays(row.day));
  const applications = seeded.applications.filter((row) => ids.has(row.jobId));
  const firstDays = jobs.filter(wentLive).flatMap((job) => {
    const first = applications
      .filter((row) => row.jobId === job.id)
      .map((row) => row.createdAt.getTime())
      .sort((a, b) => a - b)[0];
    return first !== undefined && first >= START && first < END
      ? [Math.max((first - job.publishedAt.getTime()) / DAY, 0)]
      : [];
  });
  const row = {
    listings: jobs.filter(isLive).length,
    views: stats.reduce((sum, stat) => sum + stat.views, 0),
    apply_clicks: stats.reduce((sum, stat) => sum + stat.applyClicks, 0),
    applications: applications.filter((row) => inRange(row.createdAt)).length,
    interviews: applications.filter((row) => inRange(row.interviewedAt)).length,
    hires: applications.filter((row) => inRange(row.hiredAt)).length,
    median_days_to_first_application: oneDecimal(median(firstDays)),
  };
  const anything =
    row.listings > 0 ||
    stats.length > 0 ||
    row.applications + row.interviews + row.hires + firstDays.length > 0;
  return anything ? row : undefined;
}

describe("the owner's funnel", () => {
  it.each(FUNNEL_DIMENSIONS)("by %s equals a count of the raw rows", async (by) => {
    const live = seeded.jobs.filter(isLive);
    // The seed must reach every case it is meant to: otherwise the test proves less than it says.
    expect(live.length).toBeGreaterThan(10);
    expect(live.length).toBeLessThan(seeded.jobs.length);
    // Views, applications and interviews of listings not live in the range count on their day.
    expect(rolledUpRow(seeded.jobs)!.views).toBeGreaterThan(expectedRow(live).views);
    // Read from the raw rows (no day built), then from the roll-up of the range's days.
    await handle.db.delete(funnelDaily);
    await handle.db.delete(funnelDays);
    const raw = await analyticsReport(handle.db, { from: FROM, to: TO, by }, NOW);
    expect(await buildFunnelDays(handle.db, { from: addDays(FROM, -3), to: TO })).toBeGreaterThan(
      0,
    );
    const rolledUp = await analyticsReport(handle.db, { from: FROM, to: TO, by }, NOW);
    for (const report of [raw, rolledUp]) {
      expect(report.funnel.total).toMatchObject({ key: "", ...rolledUpRow(seeded.jobs) });
      const keys = [...new Set(seeded.jobs.map((job) => keyOf(job, by)))]
        .filter((key) => rolledUpRow(seeded.jobs.filter((job) => keyOf(job, by) === key)))
        .sort();
      expect(report.funnel.rows.map((row) => row.key).sort()).toEqual(keys);
      for (const row of report.funnel.rows) {
        expect(row).toMatchObject(
          rolledUpRow(seeded.jobs.filter((job) => keyOf(job, by) === row.key))!,
        );
      }
      expect(report.funnel.total.hires).toBeGreaterThan(0);
      expect(report.funnel.total.interviews).toBeGreaterThan(0);
    }
    expect(rolledUp.funnel).toEqual(raw.funnel);
  });

  it("labels its rows from the taxonomy", async () => {
    const report = await analyticsReport(handle.db, { from: FROM, to: TO, by: "source" }, NOW);
    expect(report.funnel.rows.map((row) => row.key)).toEqual(["typed", "imported"]);
    const byRegion = await analyticsReport(handle.db, { from: FROM, to: TO, by: "region" }, NOW);
    for (const row of byRegion.funnel.rows) {
      expect(row.label).toBe(REGIONS.find((region) => region.slug === row.key)!.label);
    }
  });
});

describe("the owner's traffic", () => {
  it("equals the site_stats rows, beside the previous period", async () => {
    const { traffic } = await analyticsReport(
      handle.db,
      { from: FROM, to: TO, by: "department" },
      NOW,
    );
    const within = (from: string, to: string) =>
      seeded.site.filter((row) => row.day >= from && row.day <= to);
    const total = (rows: typeof seeded.site, dimension: string, key: "views" | "visitors") =>
      rows.filter((row) => row.dimension === dimension).reduce((sum, row) => sum + row[key], 0);
    const current = within(FROM, TO);
    const previous = within(PREVIOUS.from, PREVIOUS.to);
    expect(traffic.previous).toEqual(PREVIOUS);
    expect(traffic.visitors).toEqual({
      current: total(current, "total", "visitors"),
      previous: total(previous, "total", "visitors"),
    });
    expect(traffic.views).toEqual({
      current: total(current, "total", "views"),
      previous: total(previous, "total", "views"),
    });
    expect(traffic.visits).toEqual({
      current: total(current, "landing", "views"),
      previous: total(previous, "landing", "views"),
    });
    expect(traffic.days.map((row) => row.day)).toEqual(days(FROM, 10));
    for (const row of traffic.days) {
      const stored = current.find((site) => site.day === row.day && site.dimension === "total");
      expect(row).toEqual({
        day: row.day,
        visitors: stored?.visitors ?? 0,
        views: stored?.views ?? 0,
      });
    }
    for (const [dimension, rows] of [
      ["referrer", traffic.sources],
      ["page", traffic.pages],
      ["landing", traffic.landings],
      ["device", traffic.devices],
    ] as const) {
      const values = [
        ...new Set(current.filter((row) => row.dimension === dimension).map((row) => row.value)),
      ];
      const expected = values
        .map((value) => {
          const of = (rows: typeof seeded.site) =>
            rows.filter((row) => row.dimension === dimension && row.value === value);
          return {
            value,
            views: of(current).reduce((sum, row) => sum + row.views, 0),
            visitors: of(current).reduce((sum, row) => sum + row.visitors, 0),
            previous_visitors: of(previous).reduce((sum, row) => sum + row.visitors, 0),
          };
        })
        .filter((row) => row.views > 0 || row.visitors > 0)
        .sort((a, b) => b.visitors - a.visitors || b.views - a.views);
      expect(rows).toEqual(expected);
    }
    expect(traffic.pages.map((row) => row.value)).toContain("/jobs/1-ニュース");
  });
});

describe("the owner's searches and audience", () => {
  it("ranks the terms and lists those that found nothing", async () => {
    const { searches } = await analyticsReport(
      handle.db,
      { from: FROM, to: TO, by: "department" },
      NOW,
    );
    expect(searches.searches).toEqual({ current: 58, previous: 11 });
    expect(searches.top.map((row) => row.term)).toEqual([
      "video editor",
      "montażysta",
      "محرر فيديو",
    ]);
    expect(searches.top[0]).toEqual({
      term: "video editor",
      searches: 40,
      visitors: 28,
      zero_results: 2,
      results: 0,
    });
    // Its latest search found nothing, or every one did; montażysta's latest found 5.
    expect(searches.not_found.map((row) => row.term)).toEqual(["video editor", "محرر فيديو"]);
  });

  it("counts saved searches and alerts per day", async () => {
    const { audience } = await analyticsReport(
      handle.db,
      { from: FROM, to: "2026-03-03", by: "department" },
      NOW,
    );
    expect(audience.days).toEqual([
      {
        day: "2026-03-01",
        new_alerts: 0,
        alerts: 1,
        new_saved_searches: 0,
        saved_searches: 1,
        subscribers: 0,
      },
      {
        day: "2026-03-02",
        new_alerts: 1,
        alerts: 2,
        new_saved_searches: 2,
        saved_searches: 3,
        subscribers: 0,
      },
      {
        day: "2026-03-03",
        new_alerts: 0,
        alerts: 2,
        new_saved_searches: 0,
        saved_searches: 3,
        subscribers: 0,
      },
    ]);
  });

  it("counts the newsletter's confirmed subscribers at each day's end (issue 66)", async () => {
    const rows = await handle.db
      .insert(newsletterSubscribers)
      .values([
        {
          email: "a@reader.example",
          emailNormalized: "a@reader.example",
          status: "confirmed",
          confirmedAt: at("2026-03-01", 9),
        },
        {
          email: "b@reader.example",
          emailNormalized: "b@reader.example",
          status: "unsubscribed",
          confirmedAt: at("2026-03-02", 9),
          stoppedAt: at("2026-03-03", 9),
        },
        { email: "c@reader.example", emailNormalized: "c@reader.example", status: "pending" },
      ])
      .returning({ id: newsletterSubscribers.id });
    try {
      const { audience } = await analyticsReport(
        handle.db,
        { from: FROM, to: "2026-03-03", by: "department" },
        NOW,
      );
      expect(audience.days.map((day) => day.subscribers)).toEqual([1, 2, 1]);
    } finally {
      await handle.db.delete(newsletterSubscribers).where(
        inArray(
          newsletterSubscribers.id,
          rows.map((row) => row.id),
        ),
      );
    }
  });

  it("keeps a finished day's searches and alerts as its snapshot took them", async () => {
    // Made on 2026-03-02, counted in its snapshot (taken 30 minutes after the day), deleted since.
    const [someone] = await handle.db
      .select({ id: savedSearches.userId })
      .from(savedSearches)
      .limit(1);
    const [gone] = await handle.db
      .insert(savedSearches)
      .values({
        userId: someone!.id,
        q: "gone",
        alertFrequency: "weekly",
        createdAt: at("2026-03-02", 12),
      })
      .returning({ id: savedSearches.id });
    const taken = new Date("2026-03-03T00:30:00Z");
    expect(await snapshotAudience(handle.db, taken)).toBe(true);
    expect(await snapshotAudience(handle.db, taken)).toBe(false);
    await handle.db.delete(savedSearches).where(eq(savedSearches.id, gone!.id));
    try {
      const { audience } = await analyticsReport(
        handle.db,
        { from: "2026-03-02", to: "2026-03-03", by: "department" },
        NOW,
      );
      // 2026-03-02 as it stood (the deleted alert in it); 2026-03-03, never taken, as rows now.
      expect(audience.days).toEqual([
        {
          day: "2026-03-02",
          new_alerts: 1,
          alerts: 3,
          new_saved_searches: 2,
          saved_searches: 4,
          subscribers: 0,
        },
        {
          day: "2026-03-03",
          new_alerts: 0,
          alerts: 2,
          new_saved_searches: 0,
          saved_searches: 3,
          subscribers: 0,
        },
      ]);
    } finally {
      await handle.db.execute(sql`delete from audience_days`);
    }
  });

  it("writes each table as CSV, a formula quoted", async () => {
    const report = await analyticsReport(handle.db, { from: FROM, to: TO, by: "department" }, NOW);
    const sources = analyticsCsv(report, "sources");
    expect(sources.split("\r\n")[0]).toBe("source,visitors,views,previous_visitors");
    expect(sources).toContain(`"'=HYPERLINK(""x"")"`);
    expect(sources).toContain("wykop.pl");
    const funnel = analyticsCsv(report, "funnel").trimEnd().split("\r\n");
    expect(funnel.at(-1)).toMatch(/^total,The whole board,/);
    expect(funnel).toHaveLength(report.funnel.rows.length + 2);
    expect(analyticsCsv(report, "not-found")).toContain("محرر فيديو,7,5,7,0");
    expect(analyticsCsv(report, "days").trimEnd().split("\r\n")).toHaveLength(11);
  });
});

describe("the employer's funnel", () => {
  it("holds its own listings only, with the board's medians per department", async () => {
    for (const companyId of [companyA, companyB]) {
      const funnel = await employerFunnel(handle.db, companyId, { from: FROM, to: TO }, NOW);
      const live = seeded.jobs.filter(isLive);
      const own = live.filter((job) => job.companyId === companyId);
      expect(own.length).toBeGreaterThan(2);
      expect(funnel.company).toMatchObject(expectedRow(own));
      expect(funnel.listings.map((row) => Number(row.key)).sort()).toEqual(
        own.map((job) => job.id).sort(),
      );
      for (const row of funnel.listings) {
        const job = own.find((candidate) => candidate.id === Number(row.key))!;
        expect(row).toMatchObject({ label: job.title, ...expectedRow([job]) });
        const peers = live.filter((other) => other.department === job.department).map(figuresOf);
        expect(row.board_median_views).toBe(oneDecimal(median(peers.map((peer) => peer.views))));
        expect(row.board_median_applications).toBe(
          oneDecimal(median(peers.map((peer) => peer.applications))),
        );
        // The days to a first application: the roll-up's, over the department's listings
        // whose first application came in the range.
        expect(row.board_median_days_to_first_application).toBe(
          rolledUpRow(seeded.jobs.filter((other) => other.department === job.department))
            ?.median_days_to_first_application ?? null,
        );
      }
      const ownIds = new Set(
        seeded.jobs.filter((job) => job.companyId === companyId).map((job) => job.id),
      );
      const counts = new Map<string, number>();
      for (const application of seeded.applications) {
        if (!ownIds.has(application.jobId) || !inRange(application.createdAt)) continue;
        const source = application.source ?? "unknown";
        counts.set(source, (counts.get(source) ?? 0) + 1);
      }
      expect(
        Object.fromEntries(funnel.sources.map((row) => [row.source, row.applications])),
      ).toEqual(Object.fromEntries(counts));
    }
  });

  it("reads the board's medians computed once a day for its periods, the same as the rows'", async () => {
    const days = daysBetween(FROM, TO);
    // Computed the day after TO, for the range's own length: the range is one of its windows.
    const after = new Date(`${addDays(TO, 1)}T00:30:00Z`);
    expect(await computeDepartmentMedians(handle.db, after, [days])).toBe(1);
    expect(await computeDepartmentMedians(handle.db, after, [days])).toBe(0);
    try {
      const range = { from: FROM, to: TO, days };
      // The kept medians equal those read from the rows.
      const departments = [...new Set(seeded.jobs.map((job) => job.department))];
      const kept = await keptDepartmentMedians(handle.db, range, departments);
      const raw = await departmentMediansOf(handle.db, range, departments);
      const byDepartment = (rows: { department: string }[]) =>
        [...rows].sort((a, b) => a.department.localeCompare(b.department));
      expect(kept && byDepartment(kept)).toEqual(
        byDepartment(
          raw.map(({ department, views, applications }) => ({ department, views, applications })),
        ),
      );
      // The employer's funnel reads them: a figure put there (9999 could come from nowhere else).
      const before = await employerFunnel(handle.db, companyA, { from: FROM, to: TO }, NOW);
      await handle.db.execute(sql`update department_medians set views = 9999`);
      const read = await employerFunnel(handle.db, companyA, { from: FROM, to: TO }, NOW);
      expect(read.listings.length).toBeGreaterThan(0);
      for (const [index, row] of read.listings.entries()) {
        expect(row.board_median_views).toBe(9999);
        expect(row.board_median_applications).toBe(
          before.listings[index]!.board_median_applications,
        );
      }
      // A range of another length is read from the rows.
      expect(
        await keptDepartmentMedians(handle.db, { ...range, days: days + 1 }, departments),
      ).toBeNull();
    } finally {
      await handle.db.execute(sql`delete from department_medians`);
    }
  });

  it("defaults to the last 30 days", async () => {
    const funnel = await employerFunnel(handle.db, companyB, {}, NOW);
    expect(funnel.range).toEqual({ from: "2026-02-11", to: "2026-03-12" });
  });
});
