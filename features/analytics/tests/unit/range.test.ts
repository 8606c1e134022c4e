import { describe, expect, it } from "vitest";
import { analyticsRange, daysBetween, daysOf } from "@/features/analytics/server/range";
import { InvalidInput } from "@/lib/server/errors";

/* The analytics range: its defaults, its previous period, and the ranges it refuses. */

const NOW = new Date("2026-03-01T23:59:59Z");

const problem = (query: { from?: string; to?: string }) => {
  try {
    analyticsRange(query, NOW);
  } catch (error) {
    if (error instanceof InvalidInput) return { ...error.errors };
    throw error;
  }
  return null;
};

describe("analyticsRange", () => {
  it("defaults to the last 7 UTC days, today included, and the 7 before", () => {
    expect(analyticsRange({}, NOW)).toEqual({
      from: "2026-02-23",
      to: "2026-03-01",
      days: 7,
      previous: { from: "2026-02-16", to: "2026-02-22" },
    });
  });

  it("takes another default length (the employer's 30 days), and an end alone", () => {
    expect(analyticsRange({}, NOW, 30)).toMatchObject({ from: "2026-01-31", to: "2026-03-01" });
    expect(analyticsRange({ to: "2024-03-01" }, NOW)).toMatchObject({
      from: "2024-02-24",
      previous: { from: "2024-02-17", to: "2024-02-23" },
    });
  });

  it("compares a one-day range with the day before, and a year with the year before", () => {
    expect(analyticsRange({ from: "2026-01-01", to: "2026-01-01" }, NOW).previous).toEqual({
      from: "2025-12-31",
      to: "2025-12-31",
    });
    expect(analyticsRange({ from: "2025-01-01", to: "2025-12-31" }, NOW).previous).toEqual({
      from: "2024-01-02",
      to: "2024-12-31",
    });
  });

  it("refuses a backwards or too long range on `to`, a day that is none on its field", () => {
    expect(problem({ from: "2026-03-02", to: "2026-03-01" })).toEqual({
      to: ["End the range on or after its start"],
    });
    expect(problem({ from: "2025-01-01", to: "2026-01-02" })).toEqual({
      to: ["Keep the range to 366 days or fewer"],
    });
    expect(problem({ from: "2025-01-01", to: "2026-01-01" })).toBeNull();
    expect(problem({ from: "2026-02-29" })).toEqual({ from: ["Give a day the calendar has"] });
    expect(problem({ to: "2026-04-31" })).toEqual({ to: ["Give a day the calendar has"] });
    expect(problem({ from: "2024-02-29", to: "2024-03-01" })).toBeNull();
  });

  it("lists a range's days across a month's and a year's end", () => {
    expect(daysOf({ from: "2025-12-30", to: "2026-01-02" })).toEqual([
      "2025-12-30",
      "2025-12-31",
      "2026-01-01",
      "2026-01-02",
    ]);
    expect(daysBetween("2024-01-01", "2024-12-31")).toBe(366);
  });
});
