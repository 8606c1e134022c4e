import { describe, expect, it } from "vitest";
import { salaryCsv } from "@/features/salaries/server/csv";
import type { SalaryFigures, SalaryReport } from "@/features/salaries/types";

const figures = (median: number): SalaryFigures => ({
  listings: 12,
  p25: median - 10_000,
  median,
  p75: median + 10_000,
  low: median - 20_000,
  high: median + 20_000,
});
const few: SalaryFigures = {
  listings: 2,
  p25: null,
  median: null,
  p75: null,
  low: null,
  high: null,
};

const report = (over: Partial<SalaryReport> = {}): SalaryReport => ({
  department: "design",
  region: null,
  currency: "USD",
  months: 12,
  min_listings: 5,
  rates: { date: "2026-01-01", usd_per: { USD: 1 } },
  computed_at: "2026-07-01T00:00:00.000Z",
  figures: figures(90_000),
  parts: [{ by: "region", rows: [{ slug: "remote", label: "Remote", ...figures(85_000) }] }],
  quarters: [
    { quarter: "2026-Q2", ...figures(88_000) },
    { quarter: "2026-Q3", ...few },
  ],
  ...over,
});

describe("the salary CSV", () => {
  it("writes a header, then a row for the scope, each part and each quarter, CRLF-ended", () => {
    expect(salaryCsv(report())).toBe(
      [
        "department,region,type,period,listings,p25_usd,median_usd,p75_usd,low_usd,high_usd",
        "design,all,all,last 12 months,12,80000,90000,100000,70000,110000",
        "design,remote,all,last 12 months,12,75000,85000,95000,65000,105000",
        "design,all,all,2026-Q2,12,78000,88000,98000,68000,108000",
        "design,all,all,2026-Q3,2,,,,,",
        "",
      ].join("\r\n"),
    );
  });

  it("quotes a cell with a comma, a quote mark or a line break", () => {
    const slug = 'a, "b"\nc';
    const csv = salaryCsv(
      report({ parts: [{ by: "region", rows: [{ slug, label: slug, ...few }] }], quarters: [] }),
    );
    expect(csv.split("\r\n")[2]).toBe(`design,"a, ""b""\nc",all,last 12 months,2,,,,,`);
  });

  it.each(["=1+1", "+44", "-3", "@SUM(A1)"])("never writes %j as a formula", (slug) => {
    const csv = salaryCsv(
      report({ parts: [{ by: "region", rows: [{ slug, label: slug, ...few }] }], quarters: [] }),
    );
    expect(csv.split("\r\n")[2]).toBe(`design,'${slug},all,last 12 months,2,,,,,`);
  });
});
