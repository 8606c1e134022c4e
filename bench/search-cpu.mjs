// What one unique keyword search costs the server in CPU (issue 48): the production server started
// as `npm start` runs it, 20 connections, every request a new keyword shaped as the peer
// comparison's are (`editor 37`: one of 20 common words and a number), the full results page
// `/?q=` (numbers 1 to --pages, the same in every round). Prints, per round, the latency (p50, p99,
// max) and the CPU milliseconds the server's processes (the primary and its
// workers, read from /proc) spent per page, and the pages per second. CPU per page moves less
// from run to run than throughput on a shared machine, where the load generator takes its share
// of the same cores; compare builds in one window, alternating them.
//
//   npm run build && node bench/search-cpu.mjs
//   TEST_PG_PORT=54390 bash scripts/with-postgres.sh bash -c \
//     'DATABASE_URL=$TEST_DATABASE_URL npx tsx scripts/seed.ts && DATABASE_URL=$TEST_DATABASE_URL node bench/search-cpu.mjs'
//
// Without DATABASE_URL it runs on the embedded default (PGlite) in a fresh folder seeded with the
// sample board. Options: --rounds (default 3), --pages (per round, default 1500), --port (3398).
import { createRequire } from "node:module";
import { childrenOf, cpuMs, numberArg, withScratchServer } from "./production-server.mjs";

const require = createRequire(import.meta.url);
const autocannon = require("autocannon");

const rounds = numberArg("rounds", 3);
const pages = numberArg("pages", 1500);
const port = numberArg("port", 3398);
const WORDS = [
  "editor",
  "youtube",
  "tiktok",
  "manager",
  "designer",
  "engineer",
  "remote",
  "video",
  "producer",
  "writer",
  "community",
  "brand",
  "growth",
  "podcast",
  "analyst",
  "sales",
  "partnerships",
  "creator",
  "marketing",
  "ops",
];
async function searches(origin, count, first) {
  let i = first;
  const result = await autocannon({
    url: origin,
    connections: 20,
    amount: count,
    headers: { "accept-encoding": "br, gzip" },
    requests: [
      {
        setupRequest: (request) => {
          i += 1;
          return {
            ...request,
            path: `/?q=${encodeURIComponent(`${WORDS[i % WORDS.length]} ${i}`)}`,
          };
        },
      },
    ],
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${result.non2xx} answers were not 2xx, ${result.errors} failed`);
  }
  return result;
}

async function main() {
  await withScratchServer({ port, prefix: "search-cpu-" }, async (server) => {
    // The server, and on PostgreSQL the workers it forked.
    const pids = [server.pid, ...childrenOf(server.pid)];
    console.log(
      `${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"}, ${pids.length} processes; ${rounds} rounds of ${pages} unique searches (/?q=), 20 connections; Node ${process.version}`,
    );
    await searches(server.origin, 300, 1_000_000); // warm-up, other numbers than the rounds'
    console.log("| round | CPU ms per page | pages/s | p50 ms | p99 ms | max ms |");
    console.log("| --- | --- | --- | --- | --- | --- |");
    for (let round = 0; round < rounds; round += 1) {
      const before = cpuMs(pids);
      // Every round asks for the same keywords, as side-search.mjs's rounds do: the page cache's
      // probation segment (400 entries) cannot keep 1,500 pages, so each is rendered anew.
      const result = await searches(server.origin, pages, 0);
      const perPage = (cpuMs(pids) - before) / result.requests.total;
      console.log(
        `| ${round + 1} | ${perPage.toFixed(2)} | ${Math.round(result.requests.average)} | ${result.latency.p50} | ${result.latency.p99} | ${result.latency.max} |`,
      );
    }
  });
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
