// The whole keyword results page over HTTP, as a visitor and an API client get it (issue 48): the
// production server started as `npm start` runs it, one connection, one request at a time, every
// keyword new (a common word `or` a token no job has, as bench/search-scale.ts searches), so no
// cache answers. Prints p50, p95 and max in milliseconds for `/?q=`, a keyword within a department,
// a region and a type (issue 67: every results page), and `/api/jobs?q=`, with the matches the
// last answer counted. The target at 1,000,000 jobs (issues 48 and 67): p95 ≤ 150 ms for each.
//
//   npm run build
//   TEST_PG_PORT=54390 bash scripts/with-postgres.sh bash -c \
//     'DATABASE_URL=$TEST_DATABASE_URL npx tsx scripts/seed.ts --jobs 1000000 --companies 5000 --reset &&
//      DATABASE_URL=$TEST_DATABASE_URL node bench/search-pages.mjs'
//
// Without DATABASE_URL it runs on the embedded default (PGlite) in a fresh folder seeded with the
// sample board. Options: --runs (per page, default 300), --port (default 3397).
import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import { numberArg, withScratchServer } from "./production-server.mjs";

const runs = numberArg("runs", 300);
const port = numberArg("port", 3397);
const WORDS = ["editor", "video", "designer", "manager", "youtube", "social", "writer", "brand"];

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** Times `runs` requests to `pathOf(keyword)` one at a time, after 10 unmeasured ones. */
async function time(origin, pathOf, total) {
  const times = [];
  let found = "";
  for (let i = 0; i < runs + 10; i++) {
    const keyword = `${WORDS[i % WORDS.length]} or ${randomBytes(5).toString("hex")}`;
    const started = performance.now();
    const response = await fetch(origin + pathOf(keyword), {
      headers: { "accept-encoding": "br, gzip" },
    });
    const body = await response.text();
    if (i >= 10) times.push(performance.now() - started);
    if (!response.ok) throw new Error(`${pathOf(keyword)} answered ${response.status}`);
    found = total(body);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), max: times.at(-1), found };
}

async function main() {
  await withScratchServer({ port, prefix: "search-pages-" }, async (server) => {
    /** The results heading's count of an HTML results page. */
    const heading = (html) => /id="results-heading"[^>]*>([^<]+)/.exec(html)?.[1] ?? "?";
    const page = (name, path) => [
      `${name}, ${path}?q=`,
      (q) => `${path}?q=${encodeURIComponent(q)}`,
      heading,
    ];
    const cases = [
      page("the results page", "/"),
      page("a department", "/departments/design"),
      page("a region", "/regions/remote"),
      page("a type", "/types/full-time"),
      [
        "the API, /api/jobs?q=",
        (q) => `/api/jobs?q=${encodeURIComponent(q)}`,
        (json) => String(JSON.parse(json).total ?? "?"),
      ],
    ];
    console.log(
      `${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"}; ${runs} requests each, one at a time, every keyword new; Node ${process.version}`,
    );
    console.log("| page | p50 ms | p95 ms | max ms | matches (last) |");
    console.log("| --- | --- | --- | --- | --- |");
    for (const [name, pathOf, total] of cases) {
      const { p50, p95, max, found } = await time(server.origin, pathOf, total);
      console.log(
        `| ${name} | ${p50.toFixed(1)} | ${p95.toFixed(1)} | ${max.toFixed(1)} | ${found} |`,
      );
    }
  });
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
