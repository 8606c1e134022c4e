// @vitest-environment node
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseJobFilters } from "@/features/jobs/filter-schemas";
import {
  searchJobBoard,
  searchTuning,
  walkLength,
  WALK_FACTOR,
  WALK_FROM_JOBS,
} from "@/features/jobs/server/job-search";
import { setUpTestDatabase } from "@/tests/support/database";
import { insertCompany, NOW } from "@/tests/db/fixtures";

/*
 * On a large board a keyword's title window walks the newest listings instead of reading every
 * title match (job-search.ts, WALK_FROM_JOBS). Walking must find the very page the title index
 * finds: the same jobs in the same order, the same counts, on every page and filter, whether
 * the word is common enough to fill the window from the walk or rare enough to fall back.
 */

const handle = setUpTestDatabase();

beforeAll(async () => {
  const company = await insertCompany(handle.db, "walkers", "Walkers Media");
  // Job g was published g hours before NOW. Every third is a video editor, every 40th a
  // colorist; departments and regions alternate; every 50th is sponsored, every 9th closed.
  await handle.db.execute(sql`
    insert into jobs (company_id, slug, title, department, region, type, location, description,
      apply_url, published_at, expires_at, sponsored, status)
    select ${company.id}, 'job-' || g,
      case when g % 40 = 0 then 'Colorist ' || g
           when g % 3 = 0 then 'Video Editor ' || g
           else 'Producer ' || g end,
      case when g % 2 = 0 then 'design' else 'marketing' end,
      case when g % 5 = 0 then 'europe' else 'remote' end, 'full-time',
      case when g % 5 = 0 then 'Berlin, Germany' else 'Remote' end,
      case when g % 7 = 0 then 'You will edit video and colorist notes.' else 'A role.' end,
      'https://example.com/apply',
      ${NOW}::timestamptz - g * interval '1 hour', ${NOW}::timestamptz + interval '30 days',
      g % 50 = 0, case when g % 9 = 0 then 'filled' else 'open' end
    from generate_series(1, 900) as g
    -- Stored out of date order: the walk must follow the list index, not the table's order.
    order by (g * 7919) % 900`);
  await handle.db.execute(sql`analyze jobs`);
}, 120_000);

afterAll(() => {
  Object.assign(searchTuning, { walkFromJobs: WALK_FROM_JOBS, walkFactor: WALK_FACTOR });
});

/** A page of the board as the title index finds it, then as the walk finds it. */
async function bothWays(query: Record<string, string>) {
  const parsed = parseJobFilters(query);
  if (!parsed.ok) throw new Error(`bad filters ${JSON.stringify(query)}`);
  const filters = parsed.data;
  searchTuning.walkFromJobs = Infinity;
  const indexed = await searchJobBoard(handle.db, filters, NOW);
  // 4 listings per job of the window: the walk reads 400 of the 800 open jobs for page 1.
  Object.assign(searchTuning, { walkFromJobs: 0, walkFactor: 4 });
  const walked = await searchJobBoard(handle.db, filters, NOW);
  searchTuning.walkFromJobs = Infinity;
  return { indexed, walked };
}

describe("the title window's walk on a large board", () => {
  it("walks only from the board size set, WALK_FACTOR listings per job of the window", async () => {
    searchTuning.walkFactor = WALK_FACTOR;
    expect(await walkLength(handle.db, 100, 0)).toBe(100 * WALK_FACTOR);
    expect(await walkLength(handle.db, 100, Infinity)).toBeNull();
  });

  const cases: Record<string, string>[] = [
    { q: "editor" },
    { q: "editor", page: "2" },
    { q: "editor", page: "6" },
    { q: "video editor" },
    { q: "editor or colorist" },
    { q: "colorist" },
    { q: "colorist", page: "2" },
    { q: "editor", department: "design" },
    { q: "editor", region: "europe" },
    { q: "editor", region: "europe", page: "2" },
    { q: "producer", department: "marketing", page: "4" },
    { q: "editor -colorist" },
    { q: "edit" },
  ];
  for (const query of cases) {
    it(`finds the same page for ${JSON.stringify(query)}`, async () => {
      const { indexed, walked } = await bothWays(query);
      expect(indexed.jobs.length).toBeGreaterThan(0);
      expect(walked.jobs.map((job) => job.id)).toEqual(indexed.jobs.map((job) => job.id));
      expect(walked.total).toBe(indexed.total);
      expect(walked.total_is_capped).toBe(indexed.total_is_capped);
      expect(walked.facets).toEqual(indexed.facets);
    });
  }
});
