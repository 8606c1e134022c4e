// Relevance of the board's keyword search (issue 29): the queries of
// bench/search-relevance-queries.ts, as candidates type them, run through searchJobs (what
// /api/jobs and the pages use) on the default sample board, each scored against a person's
// judgment of every job on the board. Prints per query the jobs found, precision at 5 (the share
// of the top 5 that are relevant; a missing result counts as not relevant), nDCG at 10 (gains
// 2^grade - 1, ideal order from every judged job on the board) and the search's time; then the
// means and whether precision at 5 reaches the target. A benchmark, not a test: it exits 0
// whatever the figures. About 10 s on two cores.
// Usage: npx tsx bench/search-relevance.ts [--worst N] [--query "text"]
//   --worst N       also prints the first five results of the N lowest-scoring queries that
//                   found something
//   --query "text"  runs one query and prints its results and its best judged jobs, with grades
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { eq } from "drizzle-orm";
import { connectPglite } from "@/lib/server/db/pglite-client";
import { companies, jobs } from "@/lib/server/db/schema";
import { SAMPLE_BOARD_DEFAULTS } from "@/lib/server/sample-board/generate";
import { seedSampleBoard } from "@/lib/server/sample-board/seed";
import { isListed } from "@/features/jobs/server/jobs";
import { searchJobs } from "@/features/jobs/server/job-search";
import { folderLogoStore } from "@/features/companies/server/logo-store";
import { judgedJob, QUERIES, type Grade, type JudgedQuery } from "./search-relevance-queries";

/** The goal of issue 29. */
const TARGET_PRECISION = 0.9;
/** A query's judgments mean little with fewer relevant jobs on the board than this. */
const MIN_RELEVANT = 5;
const PER_PAGE = 10;
/** The board's moment, fixed so that the same jobs are open on every run. */
const NOW = SAMPLE_BOARD_DEFAULTS.now;

const option = (name: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : undefined;
};

const gain = (grade: Grade) => 2 ** grade - 1;
const dcg = (grades: readonly Grade[]) =>
  grades
    .slice(0, 10)
    .reduce<number>((sum, grade, rank) => sum + gain(grade) / Math.log2(rank + 2), 0);
const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const described = (job: Result["top"][number]) =>
  `[${job.grade}] ${job.title}, ${job.company}${job.sponsored ? " (sponsored)" : ""}`;
const mean = (values: readonly number[]) =>
  values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);

type Result = {
  query: JudgedQuery;
  found: string;
  precision: number;
  ndcg: number;
  ms: number;
  relevant: number;
  top: { title: string; company: string; sponsored: boolean; grade: Grade }[];
};

async function main() {
  const started = performance.now();
  const shown = option("query");
  const worst = Number(option("worst") ?? 0);
  const queries = shown ? [{ q: shown, judge: findJudge(shown) }] : QUERIES;

  // The board the app seeds on its embedded defaults (lib/server/start/app-database.ts), at a fixed moment.
  // Logos go to a folder of our own, not the app's; CVs nowhere: the search reads neither.
  const handle = connectPglite();
  const logoDir = await mkdtemp(join(tmpdir(), "search-relevance-logos-"));
  try {
    await handle.migrate();
    await seedSampleBoard(handle.db, { now: NOW }, folderLogoStore(logoDir), null);
    await handle.db.execute("analyze");

    // Every job a search could show, as a person reads it.
    const board = await handle.db
      .select({
        id: jobs.id,
        title: jobs.title,
        company: companies.name,
        department: jobs.department,
        description: jobs.description,
      })
      .from(jobs)
      .innerJoin(companies, eq(companies.id, jobs.companyId))
      .where(isListed(NOW));
    const judged = board.map((row) => ({ id: row.id, job: judgedJob(row) }));
    const boardSeconds = (performance.now() - started) / 1000;

    const search = (q: string) => searchJobs(handle.db, { q, page: 1, per_page: PER_PAGE }, NOW);
    await search("warm up");
    const results: Result[] = [];
    for (const query of queries) {
      const grades = new Map(judged.map(({ id, job }) => [id, query.judge(job)]));
      const ideal = [...grades.values()].sort((a, b) => b - a);
      const before = performance.now();
      const page = await search(query.q);
      const ms = performance.now() - before;
      const top = page.jobs.map((job) => ({
        title: job.title,
        company: job.company.name,
        sponsored: job.sponsored,
        grade: grades.get(job.id) ?? 0,
      }));
      const idealDcg = dcg(ideal);
      results.push({
        query,
        found: `${page.total}${page.total_is_capped ? "+" : ""}`,
        precision: top.slice(0, 5).filter((job) => job.grade > 0).length / 5,
        ndcg: idealDcg > 0 ? dcg(top.map((job) => job.grade)) / idealDcg : 0,
        ms,
        relevant: ideal.filter((grade) => grade > 0).length,
        top,
      });
      if (shown) printJudged(judged, grades);
    }
    printResults(results, judged.length, boardSeconds, worst, performance.now() - started);
  } finally {
    await handle.close();
    await rm(logoDir, { recursive: true, force: true });
  }
}

function findJudge(q: string): JudgedQuery["judge"] {
  const query = QUERIES.find((entry) => entry.q === q);
  if (!query) throw new Error(`No judged query "${q}" in bench/search-relevance-queries.ts`);
  return query.judge;
}

function printJudged(
  judged: { id: number; job: { title: string; company: string } }[],
  grades: Map<number, Grade>,
) {
  for (const grade of [2, 1] as const) {
    const titles = new Map<string, number>();
    for (const { id, job } of judged) {
      if (grades.get(id) === grade) titles.set(job.title, (titles.get(job.title) ?? 0) + 1);
    }
    const list = [...titles].sort((a, b) => b[1] - a[1]).map(([title, n]) => `${title} ${n}`);
    console.log(`grade ${grade} on the board: ${list.join("; ") || "none"}\n`);
  }
}

function printResults(
  results: Result[],
  boardJobs: number,
  boardSeconds: number,
  worst: number,
  totalMs: number,
) {
  console.log(
    `${boardJobs} listed jobs, seeded in ${boardSeconds.toFixed(1)} s; ${results.length} queries, top ${PER_PAGE}\n`,
  );
  console.log(
    "query".padEnd(30),
    "found".padStart(5),
    "rel".padStart(4),
    "P@5".padStart(5),
    "nDCG@10".padStart(8),
    "ms".padStart(6),
  );
  for (const result of results) {
    const invalid = result.relevant < MIN_RELEVANT;
    console.log(
      `${invalid ? "!" : " "}${result.query.q}`.padEnd(30),
      result.found.padStart(5),
      String(result.relevant).padStart(4),
      result.precision.toFixed(1).padStart(5),
      result.ndcg.toFixed(2).padStart(8),
      result.ms.toFixed(1).padStart(6),
    );
  }
  if (results.length === 1) {
    for (const [rank, job] of results[0]!.top.entries()) {
      console.log(`${String(rank + 1).padStart(3)}. ${described(job)}`);
    }
    return;
  }

  // Queries with too few relevant jobs cannot be scored fairly: named, and left out of the means.
  const invalid = results.filter((result) => result.relevant < MIN_RELEVANT);
  const scored = results.filter((result) => result.relevant >= MIN_RELEVANT);
  const precision = mean(scored.map((result) => result.precision));
  const times = results.map((result) => result.ms).sort((a, b) => a - b);
  console.log(`\nmean P@5 ${precision.toFixed(3)}`);
  console.log(`mean nDCG@10 ${mean(scored.map((result) => result.ndcg)).toFixed(3)}`);
  console.log(`queries with P@5 < 1: ${scored.filter((result) => result.precision < 1).length}`);
  console.log(
    `search time: p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms`,
  );
  if (invalid.length > 0) {
    console.log(
      `! fewer than ${MIN_RELEVANT} relevant jobs on the board, left out of the means: ${invalid.map((result) => `"${result.query.q}"`).join(", ")}`,
    );
  }
  console.log(
    `precision at 5 ≥ ${TARGET_PRECISION}: ${precision >= TARGET_PRECISION ? "met" : "not met"}`,
  );

  const empty = scored.filter((result) => result.top.length === 0);
  if (empty.length > 0) {
    console.log(
      `no results for ${empty.length}: ${empty.map((result) => `"${result.query.q}"`).join(", ")}`,
    );
  }

  if (worst > 0) {
    // Queries with no results are named above; these are the ones that show the wrong jobs.
    const lowest = scored
      .filter((result) => result.top.length > 0)
      .sort((a, b) => a.ndcg - b.ndcg || a.precision - b.precision)
      .slice(0, worst);
    for (const result of lowest) {
      console.log(
        `\n"${result.query.q}": P@5 ${result.precision.toFixed(1)}, found ${result.found}`,
      );
      for (const job of result.top.slice(0, 5)) {
        console.log(`  ${described(job)}`);
      }
    }
  }
  console.log(`\nbench took ${(totalMs / 1000).toFixed(1)} s`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
