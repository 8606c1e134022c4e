// @vitest-environment node
import { describe, expect, it } from "vitest";
import { isAlertDue, lastAlertBoundary } from "@/features/alerts/server/digest-schedule";

/*
 * When a digest falls due, by the pure functions the run's SQL is held to (alerts.test.ts checks
 * the two agree): 8:00 in the candidate's zone every day, or Mondays at 8:00.
 */

const at = (iso: string) => new Date(iso);

describe("the last alert boundary", () => {
  it.each([
    // 2025-10-15 is a Wednesday. Lisbon is UTC+1 in October (summer time), Paris UTC+2.
    ["UTC", "2025-10-15T12:00:00Z", "daily", "2025-10-15T08:00:00Z"],
    ["UTC", "2025-10-15T07:59:59Z", "daily", "2025-10-14T08:00:00Z"],
    ["Europe/Paris", "2025-10-15T06:00:00Z", "daily", "2025-10-15T06:00:00Z"],
    ["Europe/Paris", "2025-10-15T05:59:59Z", "daily", "2025-10-14T06:00:00Z"],
    ["America/New_York", "2025-10-15T11:00:00Z", "daily", "2025-10-14T12:00:00Z"],
    ["Asia/Kolkata", "2025-10-15T02:30:00Z", "daily", "2025-10-15T02:30:00Z"],
    // Already the 16th in Kiritimati (UTC+14): its 8:00 then is 18:00 UTC on the 15th.
    ["Pacific/Kiritimati", "2025-10-15T18:00:00Z", "daily", "2025-10-15T18:00:00Z"],
    ["Pacific/Kiritimati", "2025-10-15T17:59:00Z", "daily", "2025-10-14T18:00:00Z"],
    // Weekly: the Monday (the 13th) 8:00 of the week, until the next Monday's 8:00.
    ["UTC", "2025-10-15T12:00:00Z", "weekly", "2025-10-13T08:00:00Z"],
    ["UTC", "2025-10-20T07:59:00Z", "weekly", "2025-10-13T08:00:00Z"],
    ["UTC", "2025-10-20T08:00:00Z", "weekly", "2025-10-20T08:00:00Z"],
    ["Europe/Paris", "2025-10-13T05:00:00Z", "weekly", "2025-10-06T06:00:00Z"],
    // Paris leaves summer time on Sunday the 26th: Monday 8:00 is 7:00 UTC from then on.
    ["Europe/Paris", "2025-10-27T07:00:00Z", "weekly", "2025-10-27T07:00:00Z"],
    ["Europe/Paris", "2025-10-27T06:59:00Z", "weekly", "2025-10-20T06:00:00Z"],
    ["Europe/Paris", "2025-10-26T12:00:00Z", "daily", "2025-10-26T07:00:00Z"],
    // New York enters summer time on 9 March 2025 at 2:00: that day's 8:00 is 12:00 UTC.
    ["America/New_York", "2025-03-09T12:00:00Z", "daily", "2025-03-09T12:00:00Z"],
    ["America/New_York", "2025-03-09T11:59:00Z", "daily", "2025-03-08T13:00:00Z"],
  ] as const)("in %s at %s, %s: %s", (zone, now, frequency, boundary) => {
    expect(lastAlertBoundary(at(now), zone, frequency).toISOString()).toBe(
      at(boundary).toISOString(),
    );
  });
});

describe("whether a digest is due", () => {
  const paris = { timeZone: "Europe/Paris", frequency: "daily" as const };
  const yesterday8 = at("2025-10-14T06:00:00Z");

  it("is not at 07:59 local and is at 08:00, a day after the last", () => {
    expect(isAlertDue({ ...paris, lastSentAt: yesterday8, now: at("2025-10-15T05:59:00Z") })).toBe(
      false,
    );
    expect(isAlertDue({ ...paris, lastSentAt: yesterday8, now: at("2025-10-15T06:00:00Z") })).toBe(
      true,
    );
  });

  it("is not again the same day once sent, whenever it was sent", () => {
    const sentLate = at("2025-10-15T20:00:00Z");
    expect(isAlertDue({ ...paris, lastSentAt: sentLate, now: at("2025-10-16T05:59:00Z") })).toBe(
      false,
    );
    expect(isAlertDue({ ...paris, lastSentAt: sentLate, now: at("2025-10-16T06:00:00Z") })).toBe(
      true,
    );
  });

  it("is weekly only once a Monday 8:00 has passed", () => {
    const weekly = { timeZone: "America/New_York", frequency: "weekly" as const };
    const monday = at("2025-10-13T12:00:00Z");
    for (const day of ["14", "15", "16", "17", "18", "19"]) {
      expect(
        isAlertDue({ ...weekly, lastSentAt: monday, now: at(`2025-10-${day}T12:00:00Z`) }),
      ).toBe(false);
    }
    expect(isAlertDue({ ...weekly, lastSentAt: monday, now: at("2025-10-20T11:59:00Z") })).toBe(
      false,
    );
    expect(isAlertDue({ ...weekly, lastSentAt: monday, now: at("2025-10-20T12:00:00Z") })).toBe(
      true,
    );
  });

  it("is due at once when none was ever sent, and never for never", () => {
    const now = at("2025-10-15T03:00:00Z");
    expect(isAlertDue({ ...paris, lastSentAt: null, now })).toBe(true);
    expect(isAlertDue({ ...paris, frequency: "never", lastSentAt: null, now })).toBe(false);
  });
});
