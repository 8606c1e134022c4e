// @vitest-environment node
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { JOBS_PER_PAGE, MAX_PAGE } from "@/features/jobs/filters";
import { parseJobFilters } from "@/features/jobs/filter-schemas";
import { BOARD_COUNT_CAP, searchJobs } from "@/features/jobs/server/job-search";
import { setUpTestDatabase } from "@/tests/support/database";
import { insertCompany, NOW } from "@/tests/db/fixtures";

/*
 * The sample board's size: 1,260 open jobs, of which the home page used to show 1,000 (its count
 * and its pages stopped at 50). Every open job must be on one of the home page's pages.
 */
const OPEN = 1_260;

const handle = setUpTestDatabase();

beforeAll(async () => {
  const company = await insertCompany(handle.db, "bulk", "Bulk Co");
  // Job g was published g hours before NOW; every 100th is sponsored, every 7th closed.
  await handle.db.execute(sql`
    insert into jobs (company_id, slug, title, department, region, type, location, description,
      apply_url, published_at, expires_at, sponsored, status)
    select ${company.id}, 'role-' || g, 'Role ' || g,
      case when g % 2 = 0 then 'design' else 'marketing' end, 'remote', 'full-time', 'Remote',
      'A role.', 'https://example.com/apply',
      ${NOW}::timestamptz - g * interval '1 hour', ${NOW}::timestamptz + interval '30 days',
      g % 100 = 0, case when g % 7 = 0 then 'filled' else 'open' end
    from generate_series(1, ${Math.ceil((OPEN * 7) / 6)}) as g`);
}, 120_000);

describe("the home page's pagination", () => {
  it("counts every open job and reaches each of them, the oldest on the last page", async () => {
    const first = await searchJobs(handle.db, { page: 1, per_page: JOBS_PER_PAGE }, NOW);
    expect(first).toMatchObject({ total: OPEN, total_is_capped: false, page_count: 63 });
    const seen = new Set<number>();
    for (let page = 1; page <= first.page_count; page++) {
      const results = await searchJobs(handle.db, { page, per_page: JOBS_PER_PAGE }, NOW);
      for (const job of results.jobs) seen.add(job.id);
      if (page === first.page_count) {
        // Newest first after the sponsored slots: the last page ends with the oldest open job.
        expect(results.jobs.at(-1)?.slug).toBe("role-1469");
      }
    }
    expect(seen.size).toBe(OPEN);
  });

  it("keeps the order on every page: the sponsored slots, then newest", async () => {
    const pages = await Promise.all(
      [1, 2].map((page) => searchJobs(handle.db, { page, per_page: 20 }, NOW)),
    );
    const jobs = pages.flatMap((results) => results.jobs);
    // Five of the twelve sponsored jobs head page one (features/jobs/ranking.ts); the others are
    // older than a page's worth of jobs, and come in their place later.
    expect(jobs.slice(0, 5).every((job) => job.sponsored)).toBe(true);
    expect(jobs.slice(5).some((job) => job.sponsored)).toBe(false);
    expect(new Set(jobs.map((job) => job.id)).size).toBe(40);
    const dates = jobs.slice(5).map((job) => job.published_at);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it("accepts every page up to the board's cap in the URL, and no further", () => {
    expect(MAX_PAGE * JOBS_PER_PAGE).toBe(BOARD_COUNT_CAP);
    expect(parseJobFilters({ page: "63" })).toMatchObject({ ok: true, data: { page: 63 } });
    expect(parseJobFilters({ page: String(MAX_PAGE) }).ok).toBe(true);
    expect(parseJobFilters({ page: String(MAX_PAGE + 1) }).ok).toBe(false);
  });
});
