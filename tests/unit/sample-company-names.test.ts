// @vitest-environment node
import { describe, expect, it } from "vitest";
import { createNamer } from "@/lib/server/sample-board/generate";
import { createRandom } from "@/lib/server/sample-board/random";

describe("sample company names", () => {
  it("stay unique past every combination of the vocabulary, qualified by a place", () => {
    const nameCompany = createNamer(createRandom(7));
    const names: string[] = [];
    // More than the plain combinations (about 50,000): the rest carry a place.
    for (let i = 0; i < 120_000; i++) names.push(nameCompany("talent-agency").name);
    expect(new Set(names).size).toBe(names.length);
    const qualified = names.filter((name) => / (London|Austin|Berlin)$/.test(name));
    expect(qualified.length).toBeGreaterThan(0);
    // The first names drawn are plain ones.
    expect(names[0]).not.toMatch(/ (London|Austin|Berlin)$/);
    // 120,000 names, each slugified: 16 s of one core on a quiet 2-core machine, past the
    // default 20 s when the other core is busy too (a fresh clone's run saw it time out).
  }, 120_000);
});
