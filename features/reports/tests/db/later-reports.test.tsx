// @vitest-environment node
import { IncomingMessage, ServerResponse } from "node:http";
import { Socket } from "node:net";
import type { GetServerSidePropsContext } from "next";
import { RouterContext } from "next/dist/shared/lib/router-context.shared-runtime";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { ReportPage } from "@/features/reports/components/report-page";
import type { ReportRouteProps } from "@/features/reports/types";
import { listReports } from "@/features/reports/reports";
import { laterReportPageData } from "@/features/reports/server/report-page-data";
import reportApi from "@/pages/api/reports/[quarter]";
import { callApi } from "@/tests/api/call";
import { setUpTestDatabase } from "@/tests/support/database";
import { insertCompany, insertJob } from "@/tests/db/fixtures";
import { memoryRouter } from "@/tests/render";

/*
 * A report for a quarter no code names: Q1 2027, as of 2027-04-02. Its path, page data, page and
 * API come from features/reports/reports.ts's arithmetic alone, and its figures from the jobs placed in
 * it.
 */

const NOW = new Date("2027-04-02T09:00:00Z");
const Q1_2027_PATH = "/creator-economy-hiring-trends-report-q1-27";

const handle = setUpTestDatabase();

beforeAll(async () => {
  const { db } = handle;
  const lumen = await insertCompany(db, "lumen-labs", "Lumen Labs");
  const orbit = await insertCompany(db, "orbit-media", "Orbit Media");
  const at = (iso: string) => new Date(iso);
  const add = (title: string, companyId: number, publishedAt: string, extra = {}) =>
    insertJob(db, {
      title,
      companyId,
      publishedAt: at(publishedAt),
      expiresAt: at("2027-06-30T00:00:00Z"),
      ...extra,
    });
  // Q4 2026: one role, the quarter before.
  await add("Video Editor", lumen.id, "2026-11-03T10:00:00Z");
  // Q1 2027: three roles at two companies, two of them remote.
  await add("Talent Manager", lumen.id, "2027-01-01T00:00:00Z", {
    department: "talent-management",
  });
  await add("Community Lead", lumen.id, "2027-02-14T10:00:00Z", { region: "united-states" });
  await add("Brand Partnerships Lead", orbit.id, "2027-03-31T23:59:59Z", {
    department: "creator-partnerships",
    salaryMin: 80_000,
    salaryMax: 100_000,
    salaryCurrency: "USD",
  });
  // Q2 2027, under way on NOW: not in Q1's figures.
  await add("Producer", orbit.id, "2027-04-01T00:00:00Z");
});

/** A request as Next.js hands it to getServerSideProps, at `url`, for the page's `quarter`. */
function contextFor(quarter: string, url = `/creator-economy-hiring-trends-report-${quarter}`) {
  const req = new IncomingMessage(new Socket());
  req.url = url;
  const res = new ServerResponse(req);
  const context = {
    req,
    res,
    params: { quarter },
    query: { quarter },
    resolvedUrl: `/reports/${quarter}`,
  } as unknown as GetServerSidePropsContext<{ quarter: string }>;
  return { context, res };
}

describe("a later quarter's report page", () => {
  it("is listed, served and counted once its quarter has ended", async () => {
    expect(listReports(NOW).at(-1)).toEqual({ path: Q1_2027_PATH, quarter: "Q1 2027" });

    const { context, res } = contextFor("q1-27");
    const result = await laterReportPageData(context, NOW);
    if (!("props" in result)) throw new Error(`No props: ${JSON.stringify(result)}`);
    const props = (await result.props) as ReportRouteProps;
    expect(props.meta).toEqual({ path: Q1_2027_PATH, quarter: "Q1 2027" });
    expect(props.reports).toEqual(listReports(NOW));
    expect(props.report).toMatchObject({
      quarter: "Q1 2027",
      start: "2027-01-01T00:00:00.000Z",
      end: "2027-04-01T00:00:00.000Z",
      open_roles: 3,
      hiring_companies: 2,
      previous: { quarter: "Q4 2026", open_roles: 1, hiring_companies: 1 },
      remote_share: 2 / 3,
      salary: { median: 90_000 },
    });
    expect(res.getHeader("Cache-Control")).toMatch(/s-maxage/);

    // The report page renders those figures, with every report's link, Q1 2027's current.
    const { router } = memoryRouter("/reports/[quarter]", Q1_2027_PATH);
    const html = renderToStaticMarkup(
      <RouterContext.Provider value={router}>
        <ReportPage {...props} />
      </RouterContext.Provider>,
    );
    expect(html).toContain("Creator Economy Hiring Trends Report Q1 2027");
    expect(html).toMatch(/Open roles<\/dt><dd[^>]*>3<\/dd>/);
    expect(html).toMatch(/Hiring companies<\/dt><dd[^>]*>2<\/dd>/);
    expect(html).toContain("Lumen Labs");
    const current = /<a ([^>]*)>Q1 2027<\/a>/.exec(html)?.[1];
    expect(current).toContain('aria-current="page"');
    expect(current).toContain(`href="${Q1_2027_PATH}"`);
    expect(html).toContain('href="/creator-economy-hiring-trends-report-q4-26"');
    expect(html).not.toContain("Q2 2027");
  });

  it("is not found before its quarter has ended", async () => {
    const result = await laterReportPageData(
      contextFor("q1-27").context,
      new Date("2027-03-31T23:59:59Z"),
    );
    expect(result).toEqual({ notFound: true });
    // Nor is the quarter under way on NOW.
    expect(await laterReportPageData(contextFor("q2-27").context, NOW)).toEqual({
      notFound: true,
    });
  });

  it("is not found for a quarter before the reports or one served by a spec page's path", async () => {
    // Q1 2024's report is /creator-economy-hiring-trends-report, not -q1-24.
    expect(await laterReportPageData(contextFor("q4-23").context, NOW)).toEqual({ notFound: true });
    expect(await laterReportPageData(contextFor("q1-24").context, NOW)).toEqual({ notFound: true });
    expect(await laterReportPageData(contextFor("q5-27").context, NOW)).toEqual({ notFound: true });
  });

  it("is not found at the page's own path, which only the rewrite should reach", async () => {
    const { context } = contextFor("q1-27", "/reports/q1-27");
    expect(await laterReportPageData(context, NOW)).toEqual({ notFound: true });
    // Its data URL, which the browser fetches after following the rewrite, answers.
    const data = contextFor("q1-27", "/_next/data/build-id/reports/q1-27.json");
    expect(await laterReportPageData(data.context, NOW)).toHaveProperty("props");
  });
});

describe("GET /api/reports/{quarter} for later quarters", () => {
  // The API's clock is the real one: on 2026-11-23, Q3 2026 has ended and Q4 2026 has not.
  const latest = listReports().at(-1)!;
  const slug = latest.quarter.toLowerCase().replace(" ", "-");

  it("answers for every quarter that has ended, named by no code", async () => {
    expect(latest.path).not.toMatch(/-q[1-4]$|-report$|-25$/);
    const { status, body } = await callApi(reportApi, { params: { quarter: slug } });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      quarter: latest.quarter,
      previous: { quarter: expect.any(String) },
    });
  });

  it("answers 404 for the quarter under way and for a malformed one", async () => {
    const [number, year] = slug.slice(1).split("-").map(Number) as [number, number];
    const next = number === 4 ? `q1-${year + 1}` : `q${number + 1}-${year}`;
    for (const quarter of [next, "q5-2026", "q3-26", "Q3-2026", "q4-2023"]) {
      const { status, body } = await callApi(reportApi, { params: { quarter } });
      expect(status, quarter).toBe(404);
      expect(JSON.stringify(body), quarter).toContain("No report for this quarter");
    }
  });
});
