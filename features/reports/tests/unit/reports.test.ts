// @vitest-environment node
import { getPathMatch } from "next/dist/shared/lib/router/utils/path-match";
import { describe, expect, it } from "vitest";
import { footerColumns, headerMenus, latestReportLink } from "@/components/layout/navigation";
import { operations } from "@/lib/api-registry/operations";
import { matchPageRoute } from "@/lib/page-params";
import {
  HIRING_REPORTS,
  latestReport,
  LATER_REPORT_PAGE,
  listReports,
  reportByPath,
  reportBySlug,
} from "@/features/reports/reports";
import { canonicalPageUrl } from "@/lib/server/http/page-url";
import nextConfig from "@/next.config";

const at = (iso: string) => new Date(iso);
const paths = (now: Date) => listReports(now).map((report) => report.path);

describe("listReports", () => {
  it("keeps the spec's seven reports first, at their own paths", () => {
    expect(listReports(at("2026-11-23T12:00:00Z")).slice(0, 7)).toEqual([...HIRING_REPORTS]);
  });

  it("adds every quarter that has ended since, on the spec's URL pattern", () => {
    expect(listReports(at("2026-11-23T12:00:00Z")).slice(7)).toEqual([
      { path: "/creator-economy-hiring-trends-report-q4-25", quarter: "Q4 2025" },
      { path: "/creator-economy-hiring-trends-report-q1-26", quarter: "Q1 2026" },
      { path: "/creator-economy-hiring-trends-report-q2-26", quarter: "Q2 2026" },
      { path: "/creator-economy-hiring-trends-report-q3-26", quarter: "Q3 2026" },
    ]);
  });

  it("adds a quarter's report the instant it ends (UTC), and not before", () => {
    expect(paths(at("2026-12-31T23:59:59.999Z")).at(-1)).toBe(
      "/creator-economy-hiring-trends-report-q3-26",
    );
    expect(paths(at("2027-01-01T00:00:00Z")).at(-1)).toBe(
      "/creator-economy-hiring-trends-report-q4-26",
    );
    expect(listReports(at("2027-04-02T09:00:00Z")).at(-1)).toEqual({
      path: "/creator-economy-hiring-trends-report-q1-27",
      quarter: "Q1 2027",
    });
    // Years roll over two digits: Q2 2031 is -q2-31; Q1 2100 would be -q1-00.
    expect(paths(at("2031-07-01T00:00:00Z")).at(-1)).toBe(
      "/creator-economy-hiring-trends-report-q2-31",
    );
  });

  it("counts one report per quarter, oldest first, without gaps", () => {
    const reports = listReports(at("2030-02-10T00:00:00Z"));
    // Q1 2024 to Q4 2029: six years.
    expect(reports).toHaveLength(24);
    expect(new Set(reports.map((report) => report.path)).size).toBe(24);
    reports.forEach((report, index) => {
      expect(report.quarter).toBe(`Q${(index % 4) + 1} ${2024 + Math.floor(index / 4)}`);
    });
  });

  it("always has the spec's seven, even on a clock from before Q3 2025 ended", () => {
    expect(listReports(at("2025-05-01T00:00:00Z"))).toEqual([...HIRING_REPORTS]);
  });
});

describe("latestReport", () => {
  it("is the last completed quarter's", () => {
    expect(latestReport(at("2026-11-23T12:00:00Z")).quarter).toBe("Q3 2026");
    expect(latestReport(at("2027-01-01T00:00:00Z")).quarter).toBe("Q4 2026");
    expect(latestReport(at("2025-10-01T00:00:00Z"))).toEqual(HIRING_REPORTS[6]);
  });
});

describe("reportByPath and reportBySlug", () => {
  const now = at("2026-11-23T12:00:00Z");
  it("find ended quarters' reports only", () => {
    expect(reportByPath("/creator-economy-hiring-trends-report-q3-26", now)?.quarter).toBe(
      "Q3 2026",
    );
    expect(reportByPath("/creator-economy-hiring-trends-report-q4-26", now)).toBeUndefined();
    expect(reportByPath("/creator-economy-hiring-trends-report-q1-24", now)).toBeUndefined();
    expect(reportByPath("/creator-economy-hiring-trends-report-q2", now)?.quarter).toBe("Q2 2024");
    expect(reportBySlug("q3-2026", now)?.path).toBe("/creator-economy-hiring-trends-report-q3-26");
    expect(reportBySlug("q4-2026", now)).toBeUndefined();
    expect(reportBySlug("q1-2024", now)?.path).toBe("/creator-economy-hiring-trends-report");
  });
});

describe("the route to a later report", () => {
  const rewrite = async () => {
    const rewrites = await nextConfig.rewrites?.();
    const afterFiles = Array.isArray(rewrites) ? rewrites : (rewrites?.afterFiles ?? []);
    const beforeFiles = Array.isArray(rewrites) ? [] : (rewrites?.beforeFiles ?? []);
    return { afterFiles, beforeFiles };
  };

  it("is a rewrite, after the page files, from the spec's pattern to the report page", async () => {
    const { afterFiles, beforeFiles } = await rewrite();
    const ours = afterFiles.filter((entry) => entry.destination === "/reports/:quarter");
    expect(ours).toHaveLength(1);
    expect(beforeFiles.some((entry) => entry.destination === "/reports/:quarter")).toBe(false);
    // Matched as Next.js matches it.
    const match = getPathMatch(ours[0]!.source, { removeUnnamedParams: true, strict: true });
    expect(match("/creator-economy-hiring-trends-report-q4-25")).toEqual({ quarter: "q4-25" });
    expect(match("/creator-economy-hiring-trends-report-q1-27")).toEqual({ quarter: "q1-27" });
    for (const path of [
      "/creator-economy-hiring-trends-report-q5-26",
      "/creator-economy-hiring-trends-report-q1-2026",
      "/creator-economy-hiring-trends-report-q4",
      "/creator-economy-hiring-trends-report-q1-26/x",
    ]) {
      expect(match(path), path).toBe(false);
    }
  });

  it("is known to the server's page cache, which keeps no query for it", () => {
    expect(matchPageRoute(["creator-economy-hiring-trends-report-q1-27"])).toEqual({
      route: LATER_REPORT_PAGE,
      params: {},
    });
    // A spec report's own page still wins.
    expect(matchPageRoute(["creator-economy-hiring-trends-report-q3-25"])?.route).toBe(
      "/creator-economy-hiring-trends-report-q3-25",
    );
    expect(canonicalPageUrl("/creator-economy-hiring-trends-report-q4-25?utm_source=x")).toBe(
      "/creator-economy-hiring-trends-report-q4-25",
    );
    expect(canonicalPageUrl("/creator-economy-hiring-trends-report-q9-25?x=1")).toBeNull();
  });

  it("is open to the report API for ended quarters only", () => {
    const params = operations.getQuarterReport.params!;
    const latest = latestReport();
    const slug = latest.quarter.toLowerCase().replace(" ", "-");
    expect(params.safeParse({ quarter: slug }).success).toBe(true);
    expect(params.safeParse({ quarter: "q1-2024" }).success).toBe(true);
    expect(params.safeParse({ quarter: "q1-2099" }).success).toBe(false);
    expect(params.safeParse({ quarter: "q5-2025" }).success).toBe(false);
  });
});

describe("the Resources menu", () => {
  it("links the latest report, worked out from the date it renders on", () => {
    expect(latestReportLink(at("2026-11-23T12:00:00Z"))).toMatchObject({
      label: "Creator Economy Hiring Trends Report Q3 2026",
      href: "/creator-economy-hiring-trends-report-q3-26",
    });
    const resources = (now: Date) =>
      headerMenus(now).find((menu) => menu.label === "Resources")!.items[0]!;
    expect(resources(at("2027-01-01T00:00:00Z"))).toMatchObject({
      label: "Creator Economy Hiring Trends Report Q4 2026",
      href: "/creator-economy-hiring-trends-report-q4-26",
    });
    expect(resources(new Date()).href).toBe(latestReport().path);
    const footer = footerColumns(at("2027-04-02T00:00:00Z")).flatMap((column) => column.items);
    expect(footer.find((item) => item.label === "Hiring Trends Report")?.href).toBe(
      "/creator-economy-hiring-trends-report-q1-27",
    );
  });
});
