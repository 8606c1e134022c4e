// @vitest-environment node
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { JobFilters } from "@/features/jobs/filters";
import type { JobSummary } from "@/features/jobs/types";
import { ROTATION_MS, SPONSORED_SLOTS } from "@/features/jobs/ranking";
import { getCompanyPage } from "@/features/companies/server/company-page";
import { searchJobBoard } from "@/features/jobs/server/job-search";
import { refreshSearchTerms } from "@/features/jobs/server/search-plan";
import { setUpTestDatabase } from "@/tests/support/database";
import { insertCompany, NOW } from "@/tests/db/fixtures";

/*
 * The sponsored slots on the real database (issue 61): 40 sponsored designers, published a
 * fortnight ago, and 60 fresh ones (one an hour before NOW), half of them in each department.
 * Page one of every list holds at most five sponsored listings, the freshest jobs follow, the
 * slots rotate fairly hour by hour, and no job is on two pages.
 */

const SPONSORED = 40;
const FRESH = 60;
const HOUR = 3_600_000;

const handle = setUpTestDatabase();
let sponsoredIds: Set<number>;
let freshIds: number[];
let freshDesignIds: number[];

beforeAll(async () => {
  const company = await insertCompany(handle.db, "slots-co", "Slots Co");
  await handle.db.execute(sql`
    insert into jobs (company_id, slug, title, department, region, type, location, description,
      apply_url, remote_countries, published_at, expires_at, sponsored, plan, payment_status)
    select ${company.id}, 'designer-' || g, 'Motion Designer ' || g,
      case when g % 2 = 0 then 'design' else 'marketing' end, 'remote', 'full-time', 'Remote',
      'We make videos.', 'https://example.com/apply', array['US','GB'],
      case when g <= ${SPONSORED}
        then ${NOW}::timestamptz - interval '14 days' - g * interval '1 minute'
        else ${NOW}::timestamptz - (g - ${SPONSORED}) * interval '1 hour' end,
      ${NOW}::timestamptz + interval '30 days',
      g <= ${SPONSORED}, case when g <= ${SPONSORED} then 'sponsored' else 'standard' end,
      case when g <= ${SPONSORED} then 'paid' else 'none' end
    from generate_series(1, ${SPONSORED + FRESH}) as g`);
  type Row = { id: number; sponsored: boolean; department: string };
  const rows = await handle.db.execute(
    sql`select id, sponsored, department from jobs where company_id = ${company.id}
      order by published_at desc`,
  );
  const all = (rows as unknown as { rows: Row[] }).rows;
  sponsoredIds = new Set(all.filter((row) => row.sponsored).map((row) => Number(row.id)));
  freshIds = all.filter((row) => !row.sponsored).map((row) => Number(row.id));
  freshDesignIds = all
    .filter((row) => !row.sponsored && row.department === "design")
    .map((row) => Number(row.id));
  await refreshSearchTerms(handle.db, NOW);
}, 120_000);

const search = (filters: Partial<JobFilters>, page: number, now = NOW) =>
  searchJobBoard(handle.db, { page, per_page: 20, ...filters }, now);

/** Every page of a list, in order. */
async function allPages(
  read: (page: number) => Promise<{ jobs: JobSummary[]; page_count: number }>,
) {
  const first = await read(1);
  const pages = [first.jobs];
  for (let page = 2; page <= first.page_count; page++) pages.push((await read(page)).jobs);
  return pages;
}

function expectSlotted(jobs: JobSummary[], fresh: number[]) {
  const slots = jobs.slice(0, SPONSORED_SLOTS);
  expect(slots.every((job) => sponsoredIds.has(job.id))).toBe(true);
  expect(jobs.filter((job) => job.sponsored)).toHaveLength(SPONSORED_SLOTS);
  // After the slots, the freshest jobs, newest first.
  expect(jobs.slice(SPONSORED_SLOTS).map((job) => job.id)).toEqual(
    fresh.slice(0, jobs.length - SPONSORED_SLOTS),
  );
}

describe("page one of every list", () => {
  it("holds five sponsored slots, then the freshest jobs: the board's home list", async () => {
    const first = await search({}, 1);
    expect(first.jobs).toHaveLength(20);
    expectSlotted(first.jobs, freshIds);
    expect(first.total).toBe(SPONSORED + FRESH);
  });

  it("does the same on a department's list and a type's", async () => {
    const design = await search({ department: "design" }, 1);
    expect(design.jobs.every((job) => job.department === "design")).toBe(true);
    expectSlotted(design.jobs, freshDesignIds);
    expectSlotted((await search({ type: "full-time", region: "remote" }, 1)).jobs, freshIds);
  });

  it("does the same on a keyword search, a misspelt one too", async () => {
    for (const q of ["motion designer", "moton desinger"]) {
      const found = await search({ q }, 1);
      expect(found.total).toBe(SPONSORED + FRESH);
      const slots = found.jobs.slice(0, SPONSORED_SLOTS);
      expect(slots.every((job) => sponsoredIds.has(job.id))).toBe(true);
      expect(found.jobs.filter((job) => job.sponsored)).toHaveLength(SPONSORED_SLOTS);
      expect(found.jobs.slice(SPONSORED_SLOTS).every((job) => !job.sponsored)).toBe(true);
    }
  });

  it("does the same on the company's page", async () => {
    const page = await getCompanyPage(handle.db, "slots-co", { page: 1, per_page: 20 }, NOW);
    expectSlotted(page!.results.jobs, freshIds);
  });
});

describe("the pages of a list", () => {
  it("never show a job twice within the hour, and together show every job", async () => {
    const lists = [
      (page: number) => search({}, page),
      (page: number) => search({ q: "designer" }, page),
      async (page: number) =>
        (await getCompanyPage(handle.db, "slots-co", { page, per_page: 20 }, NOW))!.results,
    ];
    for (const read of lists) {
      const pages = await allPages(read);
      const ids = pages.flat().map((job) => job.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toHaveLength(SPONSORED + FRESH);
      // Later pages hold no slotted job, and sponsored ones appear in their normal place.
      expect(pages[1]!.some((job) => sponsoredIds.has(job.id))).toBe(false);
      expect(pages.at(-1)!.every((job) => sponsoredIds.has(job.id))).toBe(true);
    }
  });

  it("agree at any moment of the hour", async () => {
    const early = await search({}, 1, new Date(NOW.getTime() + 60_000));
    const late = await search({}, 1, new Date(NOW.getTime() + HOUR - 1_000));
    expect(late.jobs.map((job) => job.id)).toEqual(early.jobs.map((job) => job.id));
  });
});

describe("the rotation", () => {
  it("gives each sponsored listing its turn: 40 of them, five an hour, each once in 8 hours", async () => {
    const turns = new Map<number, number>();
    for (let hour = 0; hour < SPONSORED / SPONSORED_SLOTS; hour++) {
      const at = new Date(NOW.getTime() + hour * ROTATION_MS);
      const { jobs } = await search({}, 1, at);
      for (const job of jobs.slice(0, SPONSORED_SLOTS)) {
        turns.set(job.id, (turns.get(job.id) ?? 0) + 1);
      }
    }
    expect([...turns.keys()].sort()).toEqual([...sponsoredIds].sort());
    expect(new Set(turns.values())).toEqual(new Set([1]));
  });
});
