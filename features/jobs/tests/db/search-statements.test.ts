// @vitest-environment node
import { beforeAll, describe, expect, it, vi } from "vitest";
import { runsConcurrently } from "@/lib/server/db/client";
import { searchJobBoard, searchTuning } from "@/features/jobs/server/job-search";
import { setUpTestDatabase } from "@/tests/support/database";
import { insertCompany, insertJob } from "@/tests/db/fixtures";

/*
 * Issue 67: on a small board, a keyword search the counts find nothing for ("editor 37": a common
 * word and a number no job has) is an empty page after one statement, on PGlite and PostgreSQL
 * alike. On PostgreSQL the page's three statements used to run beside the counts, and parsing and
 * planning them was most of what such a search cost the database. On a large board
 * (COUNTS_BESIDE_PAGE_FROM, lowered here) they still run beside the counts, whose time there
 * would otherwise add to the page's.
 */

const handle = setUpTestDatabase();
const DAY = 86_400_000;

beforeAll(async () => {
  const companyId = (await insertCompany(handle.db, "acme", "Acme Studios")).id;
  for (const [title, days] of [
    ["Video Editor", 2],
    ["Senior Video Editor", 4],
    ["Podcast Producer", 6],
    ["محرر فيديو أول", 7],
    ["動画編集者 シニア", 8],
    ["Główna redaktorka", 9],
  ] as const) {
    await insertJob(handle.db, {
      title,
      companyId,
      publishedAt: new Date(Date.now() - days * DAY),
      expiresAt: new Date(Date.now() + 20 * DAY),
    });
  }
});

/** What `search` answers and how many statements the database was sent for it. */
async function counted(q: string) {
  const client = (handle.db as unknown as { $client: { query: (...args: never[]) => unknown } })
    .$client;
  const query = vi.spyOn(client, "query");
  try {
    const page = await searchJobBoard(handle.db, { q, page: 1, per_page: 20 });
    return { page, statements: query.mock.calls.length };
  } finally {
    query.mockRestore();
  }
}

describe("a keyword search's statements", () => {
  it("are one when the counts find nothing", async () => {
    // "editor" is planned once (its typo candidates are kept a minute): plan it first.
    await counted("editor");
    const { page, statements } = await counted("editor 7781");
    expect(page.total).toBe(0);
    expect(page.jobs).toEqual([]);
    expect(statements).toBe(1);
  });

  it("read the page when the counts find jobs", async () => {
    const { page, statements } = await counted("editor");
    expect(page.jobs.map((job) => job.title)).toEqual(["Video Editor", "Senior Video Editor"]);
    expect(page.total).toBe(2);
    expect(statements).toBeGreaterThan(1);
  });

  it("run beside the counts on a large board, on PostgreSQL, and answer the same", async () => {
    const from = searchTuning.countsBesidePageFrom;
    searchTuning.countsBesidePageFrom = 0;
    try {
      const empty = await counted("editor 7781");
      expect(empty.page.total).toBe(0);
      // The counts, the sponsored slots, the title window and the rest: four on PostgreSQL.
      expect(empty.statements).toBe(runsConcurrently(handle.db) ? 4 : 1);
      const found = await counted("editor");
      expect(found.page.jobs.map((job) => job.title)).toEqual([
        "Video Editor",
        "Senior Video Editor",
      ]);
      // Titles in Arabic, Japanese and Polish come back as typed, the same way.
      for (const [word, title] of [
        ["محرر", "محرر فيديو أول"],
        ["動画編集者", "動画編集者 シニア"],
        ["redaktorka", "Główna redaktorka"],
      ] as const) {
        const page = (await counted(word)).page;
        expect(page.jobs.map((job) => job.title)).toEqual([title]);
      }
    } finally {
      searchTuning.countsBesidePageFrom = from;
    }
  });
});
