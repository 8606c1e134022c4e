// @vitest-environment node
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { countFacets, searchJobBoard } from "@/features/jobs/server/job-search";
import { planSearch } from "@/features/jobs/server/search-plan";
import { rowsOf } from "@/lib/server/db/client";
import { companies, jobs } from "@/lib/server/db/schema";
import { setUpTestDatabase } from "@/tests/support/database";
import { insertCompany, insertJob, NOW } from "@/tests/db/fixtures";

/*
 * Issue 67: a keyword's counts read the open jobs' search rows, and its title matches are found
 * among their title rows (migration 0060), which a trigger keeps as jobs change. Each way a job changes is checked against a fresh copy made from jobs
 * itself, so a column the trigger forgets, or a change it misses, fails here.
 */

const handle = setUpTestDatabase();

type SearchRow = Record<string, unknown>;

/** The columns both copies hold (schema: openJobColumns), then their vector as text. */
const COPIED = sql.raw(
  "published_at, expires_at, department, type, board_regions, salary_max, salary_period",
);

/** A copy's rows as they are, and as they should be (made from jobs now), by job. */
async function copyOf(table: "job_search_rows" | "job_title_rows") {
  const vector = sql.raw(table === "job_search_rows" ? "search_vector" : "title_vector");
  const kept = rowsOf<SearchRow>(
    await handle.db.execute(sql`
      select job_id, ${COPIED}, ${vector}::text as vector
      from ${sql.identifier(table)} order by job_id`),
  );
  const expected = rowsOf<SearchRow>(
    await handle.db.execute(sql`
      select id as job_id, ${COPIED}, ${vector}::text as vector
      from jobs where status = 'open' order by id`),
  );
  return { kept, expected };
}

/** Both copies equal what jobs holds now; answers the search rows. */
async function expectInStep() {
  const search = await copyOf("job_search_rows");
  expect(search.kept).toEqual(search.expected);
  const titles = await copyOf("job_title_rows");
  expect(titles.kept).toEqual(titles.expected);
  return search.kept;
}

describe("the open jobs' search rows", () => {
  it("follow every change of a job: written, edited, closed, reopened, renamed, deleted", async () => {
    const company = await insertCompany(handle.db, "rows-co", "Sakura Studio");
    const editor = await insertJob(handle.db, { title: "Video Editor", companyId: company.id });
    const pending = await insertJob(handle.db, {
      title: "Podcast Producer",
      companyId: company.id,
      status: "pending",
    });
    expect((await expectInStep()).map((row) => row.job_id)).toEqual([editor.id]);

    // Edited: every copied column, and the vector the title, location and description make.
    await handle.db
      .update(jobs)
      .set({
        title: "Montażysta wideo",
        department: "marketing",
        type: "part-time",
        region: "europe",
        location: "Kraków, Poland",
        remoteCountries: [],
        salaryMax: 5_000,
        salaryPeriod: "month",
        description: "Edytujesz filmy dla kanału.",
        expiresAt: new Date(Date.now() + 10 * 86_400_000),
      })
      .where(eq(jobs.id, editor.id));
    const [edited] = await expectInStep();
    expect(edited?.department).toBe("marketing");
    expect(String(edited?.vector)).toContain("kraków");

    // Approved, then filled: in while open, out once not.
    await handle.db.update(jobs).set({ status: "open" }).where(eq(jobs.id, pending.id));
    expect((await expectInStep()).length).toBe(2);
    await handle.db.update(jobs).set({ status: "filled" }).where(eq(jobs.id, editor.id));
    expect((await expectInStep()).map((row) => row.job_id)).toEqual([pending.id]);
    await handle.db.update(jobs).set({ status: "open" }).where(eq(jobs.id, editor.id));
    expect((await expectInStep()).length).toBe(2);

    // The company renamed: its jobs' vectors change in jobs (a trigger there), and here.
    await handle.db
      .update(companies)
      .set({ name: "サクラ・スタジオ" })
      .where(eq(companies.id, company.id));
    const renamed = await expectInStep();
    expect(renamed.every((row) => String(row.vector).includes("サクラ"))).toBe(true);
    const [title] = (await copyOf("job_title_rows")).kept;
    expect(String(title?.vector)).toContain("サクラ");

    // Deleted: its row goes with it.
    await handle.db.delete(jobs).where(eq(jobs.id, pending.id));
    expect((await expectInStep()).map((row) => row.job_id)).toEqual([editor.id]);
  });

  it("are what a keyword's counts read: a closed job matching the word is not counted", async () => {
    const company = await insertCompany(handle.db, "counts-co", "Counts Co");
    await insertJob(handle.db, { title: "Zyzzyva Wrangler", companyId: company.id });
    const closed = await insertJob(handle.db, {
      title: "Zyzzyva Herder",
      companyId: company.id,
      department: "sales",
    });
    await handle.db.update(jobs).set({ status: "expired" }).where(eq(jobs.id, closed.id));
    const plan = await planSearch(handle.db, "zyzzyva");
    const counted = await countFacets(handle.db, {}, plan, NOW);
    expect(counted.matching).toBe(1);
    expect(counted.facets.department).toEqual({ design: 1 });
    // An open job past its expiry is not listed, though its row stays until it is swept.
    await handle.db
      .update(jobs)
      .set({ status: "open", expiresAt: new Date(NOW.getTime() - 60_000) })
      .where(eq(jobs.id, closed.id));
    expect((await countFacets(handle.db, {}, plan, NOW)).matching).toBe(1);
    await expectInStep();
  });

  it("find a title in Arabic, Japanese or Polish, and the page shows it as typed", async () => {
    const company = await insertCompany(handle.db, "scripts-co", "شركة الأفق");
    const titles = ["محرر فيديو أول", "動画編集者 シニア", "Główna redaktorka"];
    for (const title of titles) await insertJob(handle.db, { title, companyId: company.id });
    for (const [word, title] of [
      ["محرر", titles[0]],
      ["動画編集者", titles[1]],
      ["redaktorka", titles[2]],
    ] as const) {
      const page = await searchJobBoard(handle.db, { q: word, page: 1, per_page: 20 }, NOW);
      expect(page.total).toBe(1);
      expect(page.jobs.map((job) => job.title)).toEqual([title]);
      expect(page.jobs[0]?.company.name).toBe("شركة الأفق");
    }
    await expectInStep();
  });
});
