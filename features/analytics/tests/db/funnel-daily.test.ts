// @vitest-environment node
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { buildFunnelDays, rollUpFunnel } from "@/features/analytics/server/funnel-daily";
import { funnelReport } from "@/features/analytics/server/funnel";
import { rowsOf } from "@/lib/server/db/client";
import { atsJobs, atsSources, jobApplications, listingStats, users } from "@/lib/server/db/schema";
import { TASK_HANDLERS } from "@/lib/server/worker/tasks";
import { insertCompany, insertJob } from "@/tests/db/fixtures";
import { setUpTestDatabase } from "@/tests/support/database";

/*
 * The funnel's daily roll-up (funnel_daily): each day's figures are the raw rows' of that day,
 * a rebuild replaces a day with the same rows, a listing that ends within a range counts once in
 * it, and a range ending today adds today's raw rows to the finished days' roll-up.
 */

const handle = setUpTestDatabase();

/** Wednesday 2026-05-20, 15:00 UTC. */
const NOW = new Date("2026-05-20T15:00:00Z");
const at = (day: string, hours = 12) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + hours * 3_600_000);

let people: number[] = [];
const ids: Record<string, number> = {};

beforeAll(async () => {
  const { db } = handle;
  const company = (await insertCompany(db, "daily-a", "Daily A")).id;
  people = (
    await db
      .insert(users)
      .values(
        Array.from({ length: 12 }, (_, i) => ({
          firebaseUid: `daily-${i}`,
          email: `d${i}@daily.example`,
        })),
      )
      .returning({ id: users.id })
  ).map((row) => row.id);
  const job = async (key: string, values: Parameters<typeof insertJob>[1]) => {
    ids[key] = (await insertJob(db, values)).id;
  };
  // Live across the whole fortnight.
  await job("long", {
    title: "Long design job",
    companyId: company,
    department: "design",
    publishedAt: at("2026-05-01", 9),
    expiresAt: at("2026-06-30"),
  });
  // Published before the range, filled in its middle (2026-05-14, 10:00).
  await job("filled", {
    title: "Filled design job",
    companyId: company,
    department: "design",
    status: "filled",
    publishedAt: at("2026-05-05", 8),
    expiresAt: at("2026-06-05"),
    closedAt: at("2026-05-14", 10),
  });
  // Published on the range's third day, imported, in another department.
  await job("imported", {
    title: "Imported engineering job",
    companyId: company,
    department: "engineering",
    type: "contractor",
    publishedAt: at("2026-05-12", 23),
    expiresAt: at("2026-06-12"),
  });
  // Ended before the range: not live in it, but its late interview counts on its day.
  await job("ended", {
    title: "Ended design job",
    companyId: company,
    department: "design",
    status: "expired",
    publishedAt: at("2026-04-01"),
    expiresAt: at("2026-05-01"),
  });
  // Never went live: nothing of it counts.
  await job("pending", {
    title: "Pending design job",
    companyId: company,
    department: "design",
    status: "pending",
    publishedAt: at("2026-05-11"),
    expiresAt: at("2026-06-11"),
  });
  // Published today.
  await job("today", {
    title: "Today's design job",
    companyId: company,
    department: "design",
    publishedAt: at("2026-05-20", 8),
    expiresAt: at("2026-06-20"),
  });
  const [source] = await db
    .insert(atsSources)
    .values({ companyId: company, ats: "greenhouse", board: "daily-a", rules: {} as never })
    .returning();
  await db
    .insert(atsJobs)
    .values({ sourceId: source!.id, externalId: "x-1", jobId: ids.imported!, title: "Imported" });
  await db.insert(listingStats).values([
    { jobId: ids.long!, day: "2026-05-10", views: 10, applyClicks: 2 },
    { jobId: ids.long!, day: "2026-05-14", views: 7, applyClicks: 1 },
    { jobId: ids.filled!, day: "2026-05-14", views: 5, applyClicks: 0 },
    { jobId: ids.imported!, day: "2026-05-13", views: 3, applyClicks: 3 },
    { jobId: ids.ended!, day: "2026-05-12", views: 2, applyClicks: 0 },
    { jobId: ids.pending!, day: "2026-05-12", views: 50, applyClicks: 9 },
    { jobId: ids.long!, day: "2026-05-20", views: 4, applyClicks: 1 },
  ]);
  const apply = (
    i: number,
    job: string,
    createdAt: Date,
    more: { interviewedAt?: Date; hiredAt?: Date } = {},
  ) => ({
    jobId: ids[job]!,
    userId: people[i]!,
    createdAt,
    stage: (more.hiredAt ? "hired" : more.interviewedAt ? "interview" : "new") as never,
    ...more,
  });
  await db.insert(jobApplications).values([
    // The long job's first application came before the range: no first in it.
    apply(0, "long", at("2026-05-03", 9)),
    apply(1, "long", at("2026-05-11", 1), { interviewedAt: at("2026-05-12", 10) }),
    // Filled's first: 2026-05-11 20:00, 6.5 days after its publishing.
    apply(2, "filled", at("2026-05-11", 20), {
      interviewedAt: at("2026-05-13"),
      hiredAt: at("2026-05-14", 9),
    }),
    apply(3, "filled", at("2026-05-12", 20)),
    // Imported's first: 2026-05-13 11:00, half a day after its publishing.
    apply(4, "imported", at("2026-05-13", 11)),
    apply(5, "ended", at("2026-04-20"), { interviewedAt: at("2026-05-12", 15) }),
    apply(6, "pending", at("2026-05-12")),
    // Today: an application (the today job's first, 2 hours in) and a hire.
    apply(7, "today", at("2026-05-20", 10)),
    apply(8, "long", at("2026-05-02"), {
      interviewedAt: at("2026-05-04"),
      hiredAt: at("2026-05-20", 11),
    }),
  ]);
});

type DayRow = {
  day: string;
  department: string;
  region: string;
  type: string;
  source: string;
  published: number;
  live_at_start: number;
  views: number;
  apply_clicks: number;
  applications: number;
  interviews: number;
  hires: number;
  first_days: number[];
};

/** The roll-up's rows of one dimension's values (by default the departments'). */
const stored = async (dimension = "department") =>
  rowsOf<DayRow>(
    await handle.db.execute(sql`
      select day::text as day, department, region, type, source, published, live_at_start, views,
        apply_clicks, applications, interviews, hires, first_days
      from funnel_daily
      where ${sql.raw(dimension)} <> ''
      order by day, department, region, type, source`),
  );

const zero = {
  published: 0,
  live_at_start: 0,
  views: 0,
  apply_clicks: 0,
  applications: 0,
  interviews: 0,
  hires: 0,
  first_days: [],
};
const design = { department: "design", region: "", type: "", source: "" };
const engineering = { department: "engineering", region: "", type: "", source: "" };

describe("the funnel's daily roll-up", () => {
  it("holds each day's raw figures, and a rebuild replaces a day with the same rows", async () => {
    // Days 2026-05-10 to 2026-05-14; built twice, the second time two at once.
    expect(await buildFunnelDays(handle.db, { from: "2026-05-10", to: "2026-05-14" })).toBe(
      // Per day a row per department (8 in all), region (one: all are remote), type (8) and source (8).
      8 + 5 + 8 + 8,
    );
    const first = await stored();
    await Promise.all([
      buildFunnelDays(handle.db, { from: "2026-05-10", to: "2026-05-14" }),
      buildFunnelDays(handle.db, { from: "2026-05-12", to: "2026-05-13" }),
    ]);
    expect(await stored()).toEqual(first);
    // Counted by hand from the rows above: live at the day's start are long and filled from
    // 2026-05-10 (ended had ended, pending never went live); filled ends on 2026-05-14 10:00, so
    // it is live at that day's start and not at the next's.
    expect(first).toEqual([
      { day: "2026-05-10", ...design, ...zero, live_at_start: 2, views: 10, apply_clicks: 2 },
      {
        day: "2026-05-11",
        ...design,
        ...zero,
        live_at_start: 2,
        applications: 2,
        first_days: [6.5],
      },
      {
        day: "2026-05-12",
        ...design,
        ...zero,
        live_at_start: 2,
        views: 2,
        applications: 1,
        interviews: 2,
      },
      { day: "2026-05-12", ...engineering, ...zero, published: 1 },
      { day: "2026-05-13", ...design, ...zero, live_at_start: 2, interviews: 1 },
      {
        day: "2026-05-13",
        ...engineering,
        ...zero,
        live_at_start: 1,
        views: 3,
        apply_clicks: 3,
        applications: 1,
        first_days: [0.5],
      },
      {
        day: "2026-05-14",
        ...design,
        ...zero,
        live_at_start: 2,
        views: 12,
        apply_clicks: 1,
        hires: 1,
      },
      { day: "2026-05-14", ...engineering, ...zero, live_at_start: 1 },
    ]);
    // The pending listing's views and application counted nowhere.
    expect(first.reduce((sum, row) => sum + row.views, 0)).toBe(10 + 2 + 3 + 12);
    // Each dimension's rows split the same listings: their sums agree, day by day.
    const sums = (rows: DayRow[]) =>
      Object.entries(Object.groupBy(rows, (row) => row.day)).map(([day, ofDay]) => [
        day,
        ...(
          ["published", "live_at_start", "views", "applications", "interviews", "hires"] as const
        ).map((figure) => ofDay!.reduce((sum, row) => sum + row[figure], 0)),
        ofDay!.flatMap((row) => row.first_days).sort(),
      ]);
    for (const dimension of ["region", "type", "source"]) {
      expect(sums(await stored(dimension))).toEqual(sums(first));
    }
    expect((await stored("source")).filter((row) => row.day === "2026-05-13")).toEqual([
      {
        day: "2026-05-13",
        department: "",
        region: "",
        type: "",
        source: "imported",
        ...zero,
        live_at_start: 1,
        views: 3,
        apply_clicks: 3,
        applications: 1,
        first_days: [0.5],
      },
      {
        day: "2026-05-13",
        department: "",
        region: "",
        type: "",
        source: "typed",
        ...zero,
        live_at_start: 2,
        interviews: 1,
      },
    ]);
  });

  it("counts a listing that ends within a range once, and today's rows from the raw ones", async () => {
    await rollUpFunnel(handle.db, NOW, 30);
    const report = await funnelReport(
      handle.db,
      { from: "2026-05-10", to: "2026-05-20" },
      "department",
      NOW,
    );
    // long, filled (ended on the 14th), imported (published on the 12th), today's: four listings.
    expect(report.total).toMatchObject({
      listings: 4,
      views: 10 + 7 + 5 + 3 + 2 + 4,
      apply_clicks: 2 + 1 + 3 + 1,
      applications: 5,
      interviews: 3,
      hires: 2,
      // filled 6.5, imported 0.5, today's 2 hours.
      median_days_to_first_application: 0.5,
    });
    expect(report.rows.map((row) => [row.key, row.listings])).toEqual([
      ["design", 3],
      ["engineering", 1],
    ]);
    // A range of the finished days alone reads the roll-up, and the same range before any day is
    // built (raw rows only) answers the same.
    const finished = { from: "2026-05-14", to: "2026-05-19" };
    const rolledUp = await funnelReport(handle.db, finished, "source", NOW);
    expect(rolledUp.total).toMatchObject({ listings: 3, views: 12, hires: 1, interviews: 0 });
    await handle.db.execute(sql`delete from funnel_days where day >= '2026-05-15'`);
    await handle.db.execute(sql`delete from funnel_daily where day >= '2026-05-15'`);
    expect(await funnelReport(handle.db, finished, "source", NOW)).toEqual(rolledUp);
  });

  it("builds what is missing, once, from the queue's task", async () => {
    const first = await TASK_HANDLERS["funnel-daily"]({
      db: handle.db,
      boss: undefined as never,
      now: NOW,
      data: {},
    });
    // Yesterday back to 2026-05-15 (deleted above), and the days of the 400 before 2026-04-20
    // that the first test and rollUpFunnel(…, 30) did not build.
    expect(first.days).toBe(400 - 30 + 5);
    // And the audience's snapshot of yesterday (features/analytics/server/audience.ts), once.
    expect(first.audienceSnapshots).toBe(1);
    // And the departments' medians over the employer's four periods (department-medians.ts).
    expect(first.medianWindows).toBe(4);
    const again = await TASK_HANDLERS["funnel-daily"]({
      db: handle.db,
      boss: undefined as never,
      now: NOW,
      data: {},
    });
    expect(again).toEqual({ days: 0, rows: 0, audienceSnapshots: 0, medianWindows: 0 });
    // A new day is over: it alone is built.
    const tomorrow = new Date(NOW.getTime() + 86_400_000);
    expect(await rollUpFunnel(handle.db, tomorrow)).toMatchObject({ days: 1 });
    const today = (await stored()).filter((row) => row.day === "2026-05-20");
    // long (filled ended on the 14th) and imported live as it began; today's published on it.
    expect(today).toEqual([
      {
        day: "2026-05-20",
        ...design,
        ...zero,
        published: 1,
        live_at_start: 1,
        views: 4,
        apply_clicks: 1,
        applications: 1,
        hires: 1,
        first_days: [2 / 24],
      },
      { day: "2026-05-20", ...engineering, ...zero, live_at_start: 1 },
    ]);
  });
});
