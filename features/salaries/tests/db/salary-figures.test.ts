// @vitest-environment node
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { GetServerSidePropsContext } from "next";
import { jobs } from "@/lib/server/db/schema";
import {
  refreshSalaryFigures,
  comparePay,
  salaryFigureFor,
  salaryTrendFor,
} from "@/features/salaries/server/salary-figures";
import { salaryPageData } from "@/features/salaries/server/salary-page-data";
import { TASK_HANDLERS } from "@/lib/server/worker/tasks";
import { writeSitemap } from "@/features/feeds/server/sitemap";
import { getJob } from "@/features/jobs/server/jobs";
import { searchJobs } from "@/features/jobs/server/job-search";
import { jobPostingJsonLd } from "@/features/jobs/posting-json-ld";
import { formatSalary, formatThousands } from "@/lib/format";
import { loadCard } from "@/features/og/server/card-data";
import type { SalaryPageProps } from "@/features/salaries/types";
import { annualUsd, EXCHANGE_RATES } from "@/features/jobs/pay";
import salariesHandler from "@/pages/api/salaries/index";
import salariesCsvHandler from "@/pages/api/salaries.csv";
import { callApi } from "@/tests/api/call";
import { setUpTestDatabase } from "@/tests/support/database";
import { insertCompany, insertJob } from "@/tests/db/fixtures";

/*
 * The figures against a hand computation. percentile_cont interpolates: of n values sorted, the
 * p-th percentile lies at position p × (n − 1), between the values either side of it.
 */

const NOW = new Date("2026-11-25T12:00:00Z");
const on = (day: string) => new Date(`${day}T09:00:00Z`);
const handle = setUpTestDatabase();
let hourly: number;
const ids: Record<string, number> = {};

beforeAll(async () => {
  const { id: companyId } = await insertCompany(handle.db, "musebase", "Musebase");
  const job = async (title: string, extra: Partial<typeof jobs.$inferInsert>) => {
    const row = await insertJob(handle.db, {
      title,
      companyId,
      expiresAt: on("2026-12-31"),
      ...extra,
    });
    ids[title] = row.id;
    return row;
  };
  // Design, Remote, full time: six listings in four currencies and three periods.
  await job("Editor A", { salaryMin: 50_000, salaryMax: 70_000, publishedAt: on("2026-08-15") });
  await job("Editor B", { salaryMin: 80_000, publishedAt: on("2026-09-01") }); // one end only
  await job("Editor C", {
    salaryMin: 60_000,
    salaryMax: 60_000,
    salaryCurrency: "EUR",
    publishedAt: on("2026-10-01"),
  });
  await job("Editor D", {
    salaryMin: 4_000,
    salaryMax: 5_000,
    salaryCurrency: "GBP",
    salaryPeriod: "month",
    publishedAt: on("2026-10-02"),
  });
  hourly = (
    await job("Editor E", {
      salaryMin: 40,
      salaryMax: 50,
      salaryPeriod: "hour",
      type: "contractor",
      publishedAt: on("2026-10-03"),
    })
  ).id;
  // A tie with Editor A's middle, on a listing since filled: it was posted, so it counts.
  await job("Editor F", {
    salaryMin: 60_000,
    salaryMax: 60_000,
    status: "filled",
    publishedAt: on("2026-11-01"),
  });
  // Design, Europe: a single listing.
  await job("Editor G", {
    salaryMin: 50_000,
    salaryMax: 70_000,
    salaryCurrency: "EUR",
    region: "europe",
    location: "Berlin, Germany",
    publishedAt: on("2026-11-02"),
  });
  // Engineering: one listing.
  await job("Engineer", {
    department: "engineering",
    salaryMin: 100_000,
    salaryMax: 120_000,
    publishedAt: on("2026-11-03"),
  });
  // Not counted: no pay given, never live, taken down, or posted over twelve months ago.
  await job("Editor H", { publishedAt: on("2026-11-04") });
  await job("Editor I", { salaryMin: 500_000, status: "pending", publishedAt: on("2026-11-05") });
  await job("Editor J", { salaryMin: 600_000, status: "removed", publishedAt: on("2026-11-06") });
  await job("Editor K", { salaryMin: 900_000, publishedAt: on("2025-11-20") });
  await refreshSalaryFigures(handle.db, NOW);
});

const scope = (department = "", region = "", type = "") => ({ department, region, type });

describe("salary figures", () => {
  it("annualise hourly and monthly pay and convert it at the shown rates", () => {
    expect(annualUsd(45, "hour", "USD")).toBe(93_600);
    expect(annualUsd(4_500, "month", "GBP")).toBeCloseTo(4_500 * 12 * 1.32);
    expect(EXCHANGE_RATES.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("give the percentiles and range of a role and region, by hand", async () => {
    // Middles, annual USD: A 60,000; B 80,000; C 60,000 EUR = 69,600; D 4,500 GBP a month =
    // 71,280; E 45 an hour = 93,600; F 60,000. Sorted: 60,000 60,000 69,600 71,280 80,000 93,600.
    const figure = await salaryFigureFor(handle.db, scope("design", "remote"));
    expect(figure).toMatchObject({
      listings: 6,
      p25: 62_400, // position 1.25: 60,000 + 0.25 × 9,600
      median: 70_440, // position 2.5: 69,600 + 0.5 × 1,680
      p75: 77_820, // position 3.75: 71,280 + 0.75 × 8,720
      low: 50_000, // Editor A's lower end
      high: 104_000, // Editor E's upper end: 50 × 2,080
    });
  });

  it("count every region of a role, and every role", async () => {
    // Design adds G (middle 60,000 EUR = 69,600; lowest 50,000 EUR = 58,000): seven listings.
    expect(await salaryFigureFor(handle.db, scope("design"))).toMatchObject({
      listings: 7,
      p25: 64_800, // position 1.5: 60,000 + 0.5 × 9,600
      median: 69_600, // position 3
      p75: 75_640, // position 4.5: 71,280 + 0.5 × 8,720
      low: 50_000,
      high: 104_000,
    });
    expect(await salaryFigureFor(handle.db, scope())).toMatchObject({ listings: 8, high: 120_000 });
  });

  it("show no figure built on fewer than five listings, but say how many there are", async () => {
    expect(await salaryFigureFor(handle.db, scope("engineering"))).toMatchObject({
      listings: 1,
      p25: null,
      median: null,
      p75: null,
      low: null,
      high: null,
    });
    expect(await salaryFigureFor(handle.db, scope("design", "europe"))).toMatchObject({
      listings: 1,
      median: null,
    });
    expect(await salaryFigureFor(handle.db, scope("design", "remote", "contractor"))).toMatchObject(
      { listings: 1, median: null },
    );
    expect(await salaryFigureFor(handle.db, scope("legal"))).toBeNull();
  });

  it("break a role and region down by quarter", async () => {
    const trend = await salaryTrendFor(handle.db, { department: "design", region: "remote" });
    expect(trend.map(({ quarter, listings }) => [quarter, listings])).toEqual([
      ["2026-Q3", 2],
      ["2026-Q4", 4],
    ]);
  });

  it("make the pages' data, and 404 an unknown role or region", async () => {
    const page = async (params: Record<string, string>) => {
      const headers: Record<string, string> = {};
      const res = { setHeader: (name: string, value: string) => void (headers[name] = value) };
      const result = await salaryPageData({ params, res } as unknown as GetServerSidePropsContext);
      return { result, headers, props: (result as { props?: SalaryPageProps }).props };
    };
    const remote = await page({ department: "design", region: "remote" });
    expect(remote.props?.report.figures).toMatchObject({ listings: 6, median: 70_440 });
    expect(remote.props?.jobsHref).toBe("/departments/design?region=remote");
    expect(remote.props?.report.parts).toEqual([
      {
        by: "type",
        rows: [
          expect.objectContaining({ slug: "full-time", listings: 5 }),
          expect.objectContaining({ slug: "contractor", listings: 1, median: null }),
        ],
      },
    ]);
    expect(remote.props?.report.quarters.map((quarter) => quarter.quarter)).toEqual([
      "2026-Q3",
      "2026-Q4",
    ]);
    expect(remote.headers["Cache-Control"]).toMatch(/^public, s-maxage=/);
    const design = await page({ department: "design" });
    expect(design.props?.report.parts.map((part) => part.by)).toEqual(["region", "type"]);
    expect(design.props?.report.parts[0]?.rows.map((row) => row.slug)).toEqual([
      "remote",
      "europe",
    ]);
    const every = await page({});
    expect(every.props?.report.parts[0]?.rows.map((row) => row.slug)).toEqual([
      "design",
      "engineering",
    ]);
    // A combination no listing shows pay for says so, and links a level up.
    const none = await page({ department: "legal", region: "asia" });
    expect(none.props).toMatchObject({
      report: { figures: null, parts: [], quarters: [] },
      up: { href: "/salaries/legal", label: "Legal salaries" },
    });
    const unknown: Record<string, string>[] = [
      { department: "astrology" },
      { department: "design", region: "mars" },
    ];
    for (const params of unknown) {
      expect((await page(params)).result).toEqual({ notFound: true });
    }
  });

  it("answer the page's figures in /api/salaries and as CSV", async () => {
    const params = { department: "design", region: "remote" };
    const { props } = (await salaryPageData({
      params,
      res: { setHeader: () => undefined },
    } as unknown as GetServerSidePropsContext)) as { props: SalaryPageProps };
    const json = await callApi(salariesHandler, { query: params });
    expect(json.status).toBe(200);
    expect(json.body).toEqual(props.report);
    expect(json.body).toMatchObject({ currency: "USD", months: 12, min_listings: 5 });

    const csv = await callApi(salariesCsvHandler, { query: params });
    expect(csv.status).toBe(200);
    expect(csv.headers["content-type"]).toMatch(/^text\/csv/);
    expect(csv.headers["content-disposition"]).toContain('filename="salaries-design-remote.csv"');
    const lines = csv.bytes.toString("utf8").trimEnd().split("\r\n");
    expect(lines).toEqual([
      "department,region,type,period,listings,p25_usd,median_usd,p75_usd,low_usd,high_usd",
      "design,remote,all,last 12 months,6,62400,70440,77820,50000,104000",
      // Full time leaves out the contractor E: 60,000 60,000 69,600 71,280 80,000; B's 80,000 on top.
      "design,remote,full-time,last 12 months,5,60000,69600,71280,50000,80000",
      "design,remote,contractor,last 12 months,1,,,,,",
      "design,remote,all,2026-Q3,2,,,,,",
      "design,remote,all,2026-Q4,4,,,,,",
    ]);
  });

  it("refuse a region without its role, an unknown one, or another parameter, changing nothing", async () => {
    const refused: Record<string, string | string[]>[] = [
      { region: "remote" },
      { department: "astrology" },
      { department: "design", region: "mars" },
      { department: "design", colour: "red" },
      { department: ["design", "legal"] },
    ];
    for (const query of refused) {
      const { status, body } = await callApi(salariesHandler, { query });
      expect(status, JSON.stringify(query)).toBe(422);
      expect(body, JSON.stringify(query)).toHaveProperty("errors");
    }
    expect((await callApi(salariesCsvHandler, { query: { region: "remote" } })).status).toBe(422);
  });

  it("draw the median on a page's social card, and no card for an unknown scope", async () => {
    const card = await loadCard(handle.db, "salary", "design--remote");
    expect(card?.facts).toMatchObject({
      eyebrow: "Salaries",
      title: "Design salaries in Remote",
      figures: [
        { label: "Median a year", value: "$70k" },
        { label: "25th percentile", value: "$62k" },
        { label: "75th percentile", value: "$78k" },
        { label: "Listings", value: "6" },
      ],
    });
    expect((await loadCard(handle.db, "salary", "engineering"))?.facts.note).toBe(
      "Not enough listings with pay yet",
    );
    expect((await loadCard(handle.db, "salary", "all"))?.facts.title).toBe(
      "Creator economy salaries",
    );
    for (const slug of ["astrology", "design--mars", "design--remote--x", "--remote"]) {
      expect(await loadCard(handle.db, "salary", slug), slug).toBeNull();
    }
  });

  it("list the pages with figures to show in their sitemap", async () => {
    let xml = "";
    await writeSitemap(
      handle.db,
      "https://jobs.example",
      "salaries",
      (chunk) => (xml += chunk),
      NOW,
    );
    const paths = [...xml.matchAll(/<loc>https:\/\/jobs\.example([^<]*)<\/loc>/g)].map((m) => m[1]);
    // Design has 7 listings and Design in Remote 6; Europe and Engineering have one each.
    expect(paths).toEqual(["/salaries", "/salaries/design", "/salaries/design/remote"]);
  });

  it("filter and show hourly and monthly pay by what it comes to in a year", async () => {
    // Editor E pays 40–50 an hour: up to 104,000 a year, over a $100k floor; D's 5,000 GBP a
    // month is 60,000 a year (in pounds: the floor compares amounts, not currencies).
    const { jobs: over } = await searchJobs(handle.db, {
      department: "design",
      region: "remote",
      salary_min: 100_000,
      page: 1,
      per_page: 20,
    });
    expect(over.map((job) => job.title)).toEqual(["Editor E"]);
    expect(over[0]).toMatchObject({ salary_period: "hour" });
    expect(formatSalary(40, 50, "USD", "hour")).toBe("$40 – $50 an hour");
    expect(formatSalary(4_000, 5_000, "GBP", "month")).toBe("£4k – £5k a month");
    expect(formatSalary(60_000, null)).toBe("From $60k a year");
    // Google reads the period from unitText.
    const detail = (await getJob(handle.db, hourly, NOW))!;
    expect(jobPostingJsonLd(detail, "<p>Edit.</p>", "https://jobs.example/j")).toMatchObject({
      baseSalary: { currency: "USD", value: { minValue: 40, maxValue: 50, unitText: "HOUR" } },
    });
  });

  it("place a job's pay against its role's median in its region", async () => {
    const job = async (title: string) => (await getJob(handle.db, ids[title]!, NOW))!;
    // Design in Remote's median is 70,440: B (80,000) is above it, A (60,000) below.
    expect(await comparePay(handle.db, await job("Editor B"))).toEqual({
      position: "above",
      median: 70_440,
      shown: { amount: 70_440, currency: "USD" },
      scope: "remote Design roles",
      href: "/salaries/design/remote",
    });
    // A listing in pounds is shown the median in pounds, at the board's rate (issue 42).
    expect(await comparePay(handle.db, await job("Editor D"))).toMatchObject({
      shown: { amount: 70_440 / 1.32, currency: "GBP" },
    });
    expect(formatThousands(70_440 / 1.32, "GBP")).toBe("£53k");
    expect((await comparePay(handle.db, await job("Editor A")))?.position).toBe("below");
    // Not when the job shows no pay, or its region has too few listings for a median.
    expect(await comparePay(handle.db, await job("Editor H"))).toBeNull();
    expect(await comparePay(handle.db, await job("Editor G"))).toBeNull();
  });

  it("follow an edited listing at the periodic task's next run", async () => {
    await handle.db.update(jobs).set({ salaryMin: 20, salaryMax: 30 }).where(eq(jobs.id, hourly));
    // Until then the figures are the last run's.
    expect((await salaryFigureFor(handle.db, scope("design", "remote")))?.high).toBe(104_000);
    const run = await TASK_HANDLERS["salary-figures"]({
      db: handle.db,
      boss: undefined as never, // this task queues nothing
      now: NOW,
      data: {},
    });
    expect(run.figures).toBeGreaterThan(0);
    // E's middle is now 25 × 2,080 = 52,000. Sorted: 52,000 60,000 60,000 69,600 71,280 80,000.
    expect(await salaryFigureFor(handle.db, scope("design", "remote"))).toMatchObject({
      listings: 6,
      p25: 60_000, // position 1.25, between two 60,000s
      median: 64_800, // position 2.5: 60,000 + 0.5 × 9,600
      p75: 70_860, // position 3.75: 69,600 + 0.75 × 1,680
      low: 41_600, // 20 × 2,080
      high: 80_000, // Editor B's one end
    });
  });
});
