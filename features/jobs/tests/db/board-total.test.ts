// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countsByDepartment } from "@/features/jobs/server/board-page";
import { forgetListFacets, searchJobBoard } from "@/features/jobs/server/job-search";
import { setUpTestDatabase } from "@/tests/support/database";
import { insertCompany, insertJob } from "@/tests/db/fixtures";

/*
 * Issue 42: the home page said "1,571 open roles" above a list of "1,258 jobs". Its lead sums the
 * counts per department, kept a minute; the list's total must be that same count, not one of its
 * own taken a moment later.
 */

const handle = setUpTestDatabase();
let companyId: number;
/** The home page counts as of the moment it is asked: these listings run around today. */
const DAY = 86_400_000;
const live = (publishedDaysAgo: number) => ({
  publishedAt: new Date(Date.now() - publishedDaysAgo * DAY),
  expiresAt: new Date(Date.now() + 20 * DAY),
});

beforeAll(async () => {
  companyId = (await insertCompany(handle.db, "acme", "Acme Studios")).id;
  await insertJob(handle.db, { title: "Video Editor", companyId, ...live(5) });
  await insertJob(handle.db, {
    title: "Talent Manager",
    companyId,
    department: "talent-management",
    ...live(3),
  });
  forgetListFacets();
});

afterAll(async () => {
  forgetListFacets();
});

const openRoles = async () =>
  Object.values(await countsByDepartment(handle.db)).reduce((sum, n) => sum + n, 0);
const listTotal = async () => (await searchJobBoard(handle.db, { page: 1, per_page: 20 })).total;

describe("the board's total", () => {
  it("is the same in the home page's lead and its list, while the counts are kept", async () => {
    expect(await openRoles()).toBe(2);
    expect(await listTotal()).toBe(2);
    // A listing goes live without a purge (a row written by another instance, or one that
    // reaches its publication time): within the counts' minute, both still say the same.
    await insertJob(handle.db, { title: "Podcast Producer", companyId, ...live(0) });
    expect(await listTotal()).toBe(await openRoles());
    // Once the counts are dropped (a purge, or their minute is up), both count it.
    forgetListFacets();
    expect(await listTotal()).toBe(3);
    expect(await openRoles()).toBe(3);
  });
});
