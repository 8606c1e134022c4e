// Render speed when the page cache cannot help: every request is a page no one asked for before.
// Needs a production build (npm run build). Starts the production server (dist/server.js) on its
// own port and measures, one after the other with autocannon (20 connections, compressed):
//   - a static file from the same server (the yardstick: what the server does with no render);
//   - a page Next.js prerendered at build time (/about): Next.js's own request handling, which
//     every page pays, with nothing rendered or queried;
//   - `/?q=...` keyword searches, each request a new keyword: one that matches jobs (a common
//     word or a one-off token, so the page lists 20 jobs) and one that matches nothing (each
//     new token is also looked up as a typo), and the same matching search on a department;
//   - job pages with the page cache turned off (PAGE_CACHE_MB=0), each request another job (each
//     viewed once before, as on a running board: a job's first view stores its description's
//     HTML when the job predates that column, as every seeded job does);
//   - `/api/jobs?q=...`, the same searches as JSON.
// It prints req/s, p99 and each figure's ratio to the static file's.
//
// Usage:
//   node bench/render.mjs                         PGlite in data/bench-render (seeded on first start)
//   node bench/render.mjs --jobs 100000           PGlite with a 100,000-job board (seeded first)
//   bash scripts/with-postgres.sh node bench/render.mjs --postgres [--jobs 100000]
//                                                 a throwaway PostgreSQL (TEST_DATABASE_URL)
// Options: --seconds 10 --connections 20 --port 3302
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import autocannon from "autocannon";
import { numberArg, printResults, startProductionServer } from "./production-server.mjs";

const seconds = numberArg("seconds", 10);
const connections = numberArg("connections", 20);
const port = numberArg("port", 3302);
const jobCount = numberArg("jobs", 0);
const postgres = process.argv.includes("--postgres");

const env = { PAGE_CACHE_MB: "0" };
if (postgres) {
  if (!process.env.TEST_DATABASE_URL) throw new Error("--postgres needs TEST_DATABASE_URL");
  env.DATABASE_URL = process.env.TEST_DATABASE_URL;
} else {
  env.DATA_DIR = `data/bench-render${jobCount ? `-${jobCount}` : ""}`;
}
if (postgres || jobCount) {
  // The sample board, or a bigger one, seeded before the server starts.
  const seedArgs = ["tsx", "scripts/seed.ts", "--reset"];
  if (jobCount) seedArgs.push("--jobs", String(jobCount));
  if (!postgres) seedArgs.splice(2, 1); // a PGlite folder is seeded once and kept
  execFileSync("npx", seedArgs, { env: { ...process.env, ...env }, stdio: "inherit" });
}

const WORDS = ["editor", "video", "designer", "manager", "youtube", "social", "writer", "brand"];
const token = () => randomBytes(5).toString("hex");
let sequence = 0;
const headers = { "accept-encoding": "br, gzip" };

async function measure(name, nextPath) {
  const run = await autocannon({
    url: origin,
    connections,
    duration: seconds,
    headers,
    requests: [{ setupRequest: (request) => ({ ...request, path: nextPath() }) }],
  });
  return {
    name,
    rps: run.requests.average,
    p99: run.latency.p99,
    errors: run.errors + run.timeouts + run.non2xx,
  };
}

const { origin, stop } = await startProductionServer({ port, env, probe: "/favicon.svg" });
try {
  // Job ids to visit: the newest listed jobs, many pages of them.
  const jobPaths = [];
  for (let page = 1; page <= 50 && jobPaths.length < 1000; page++) {
    const answer = await (await fetch(`${origin}/api/jobs?per_page=20&page=${page}`)).json();
    if (!answer.jobs?.length) break;
    for (const job of answer.jobs) jobPaths.push(`/jobs/${job.id}-${job.slug}`);
  }
  const total = (await (await fetch(`${origin}/api/jobs`)).json()).total;
  const word = () => WORDS[sequence++ % WORDS.length];
  const targets = [
    ["static file /favicon.svg", () => "/favicon.svg"],
    // A page Next.js prerendered at build time: its request handling with no render and no
    // query, the ceiling for any page Next.js serves (the page cache, off here, is not involved).
    ["prerendered page /about", () => "/about"],
    ["/?q= matching, unique", () => `/?q=${word()}+or+${token()}`],
    ["/?q= no match, unique", () => `/?q=${token()}`],
    ["/departments/design?q= unique", () => `/departments/design?q=${word()}+or+${token()}`],
    ["job page, uncached", () => jobPaths[sequence++ % jobPaths.length]],
    ["/api/jobs?q= matching, unique", () => `/api/jobs?q=${word()}+or+${token()}`],
  ];
  for (let i = 0; i < jobPaths.length; i += 10) {
    await Promise.all(
      jobPaths.slice(i, i + 10).map((path) => fetch(origin + path).then((r) => r.arrayBuffer())),
    );
  }
  // Warm up: the first renders compile and fill the database's caches.
  for (const [, next] of targets)
    for (let i = 0; i < 20; i++) await fetch(origin + next(), { headers });

  const results = [];
  for (const [name, next] of targets) results.push(await measure(name, next));
  const database = postgres ? "PostgreSQL" : "PGlite";
  console.log(
    `\n${database}, ${total}${total >= 1000 ? "+" : ""} listed jobs${jobCount ? ` (${jobCount} seeded)` : ""}; ` +
      `autocannon ${connections} connections, ${seconds} s each, on this machine\n`,
  );
  printResults(results);
} finally {
  await stop();
}
