import { describe, expect, it } from "vitest";
import {
  restWindow,
  ROTATION_MS,
  rotationOf,
  secondsToNextRotation,
  slotCount,
  slotIndexes,
  SPONSORED_SLOTS,
} from "@/features/jobs/ranking";
import { describesCompany } from "@/features/jobs/company-about";
import { listCacheControl } from "@/lib/server/http/cache";

describe("the sponsored slots", () => {
  it("are five of a page of twenty, fewer on smaller pages, none on a page of one", () => {
    expect(SPONSORED_SLOTS).toBe(5);
    expect(slotCount(20)).toBe(5);
    expect(slotCount(50)).toBe(5);
    expect(slotCount(10)).toBe(2);
    expect(slotCount(1)).toBe(0);
  });

  it("show every sponsored listing when there are no more than the slots", () => {
    expect(slotIndexes(0, 7)).toEqual([]);
    expect(slotIndexes(3, 7).sort()).toEqual([0, 1, 2]);
    expect(slotIndexes(5, 123).sort()).toEqual([0, 1, 2, 3, 4]);
  });

  it("rotate fairly: over `count` hours each listing has exactly five turns, none waits long", () => {
    for (const count of [6, 7, 12, 23, 100, 2000]) {
      const shown = new Array<number>(count).fill(0);
      const lastSeen = new Array<number>(count).fill(-1);
      let longestWait = 0;
      const start = 491_234; // an hour since the epoch, any
      for (let hour = start; hour < start + count; hour++) {
        const slots = slotIndexes(count, hour);
        expect(slots).toHaveLength(5);
        expect(new Set(slots).size).toBe(5);
        for (const index of slots) {
          shown[index]! += 1;
          if (lastSeen[index]! >= 0) longestWait = Math.max(longestWait, hour - lastSeen[index]!);
          lastSeen[index] = hour;
        }
      }
      expect(new Set(shown)).toEqual(new Set([5]));
      expect(longestWait).toBeLessThanOrEqual(Math.ceil(count / 5));
    }
  });

  it("change with the hour, and stay put within it", () => {
    const at = new Date("2026-12-02T11:00:00Z");
    const later = new Date(at.getTime() + ROTATION_MS - 1);
    const next = new Date(at.getTime() + ROTATION_MS);
    expect(rotationOf(later)).toBe(rotationOf(at));
    expect(rotationOf(next)).toBe(rotationOf(at) + 1);
    expect(slotIndexes(40, rotationOf(later))).toEqual(slotIndexes(40, rotationOf(at)));
    expect(slotIndexes(40, rotationOf(next))).not.toEqual(slotIndexes(40, rotationOf(at)));
    expect(secondsToNextRotation(at)).toBe(3600);
    expect(secondsToNextRotation(new Date("2026-12-02T11:59:30Z"))).toBe(30);
    expect(secondsToNextRotation(later)).toBe(1);
  });
});

describe("a list's Cache-Control", () => {
  it("keeps a list a minute and stale ten more, never past the hour's slots", () => {
    const at = (time: string) => listCacheControl(new Date(`2026-12-02T${time}Z`));
    expect(at("11:00:00")).toBe("public, s-maxage=60, stale-while-revalidate=600");
    expect(at("11:49:00")).toBe("public, s-maxage=60, stale-while-revalidate=600");
    expect(at("11:55:00")).toBe("public, s-maxage=60, stale-while-revalidate=240");
    expect(at("11:59:30")).toBe("public, s-maxage=30, stale-while-revalidate=0");
  });
});

describe("the pages around the slots", () => {
  it("hold each job once: page 1 the slots and the first others, later pages the rest", () => {
    for (const slotted of [0, 3, 5]) {
      const others = 97;
      const seen: number[] = [];
      const pages = Math.ceil((others + slotted) / 20);
      for (let page = 1; page <= pages; page++) {
        const { offset, limit } = restWindow(page, 20, slotted);
        const rows = Array.from({ length: limit }, (_, i) => offset + i).filter((i) => i < others);
        expect(rows.length + (page === 1 ? slotted : 0)).toBe(
          page < pages ? 20 : others + slotted - 20 * (pages - 1),
        );
        seen.push(...rows);
      }
      expect(seen).toEqual(Array.from({ length: others }, (_, i) => i));
    }
  });
});

describe("a job page's About text", () => {
  it("is in the description when the description quotes it, Markdown marks aside", () => {
    const about = "Glow Labs makes tools for creators.\nWe are remote.";
    expect(
      describesCompany(
        "## Role\nEdit.\n\n## About Glow Labs\nGlow Labs makes *tools* for creators. We are remote.",
        about,
      ),
    ).toBe(true);
    expect(describesCompany("## Role\nEdit videos.", about)).toBe(false);
    expect(describesCompany("Anything", null)).toBe(false);
    expect(describesCompany("Anything", "  ")).toBe(false);
  });
});
