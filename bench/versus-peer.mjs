// Ours and WP Job Manager side by side in one run, after the same fixed load (issue 67): unique
// keyword searches (throughput, p50, p99), each side's resident memory idle after the load, and
// a first visit's bytes. The peer is WP Job Manager on WordPress (nginx, PHP-FPM, MariaDB), set up
// as docs/performance.md's "How to measure" says; its memory is the whole stack's (every process
// whose pid file is in /tmp/peer, and their children).
//
//   npm run build
//   node bench/versus-peer.mjs                    ours on the embedded default (PGlite, one
//                                                 process, a fresh data folder seeded on start)
//   TEST_PG_PORT=54390 bash scripts/with-postgres.sh \
//     bash -c 'DATABASE_URL=$TEST_DATABASE_URL node bench/versus-peer.mjs --workers 2'
//                                                 ours on PostgreSQL, as `npm start` with two
//                                                 workers (PostgreSQL itself is not counted)
//
// Options: --peer http://127.0.0.1:8088, --port 3393, --seconds 8 (each search window),
// --rounds-ab 3 (windows each, alternated ours/peer), --idle 10 (seconds before reading memory),
// --no-bytes (skip the first visits), and fixed-load.mjs's --search, --candidates, --applies.
// Searches as the workplace's side-by-side script sends them: ours a full results page (`/?q=`), the
// peer its AJAX listing call (the only place it searches), 20 connections, every request a new
// keyword so no cache can answer. A benchmark, not a test: it exits 0 whatever the figures.
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import autocannon from "autocannon";
import {
  AUTH_EMULATOR_HOST,
  authEmulator,
  crawlSitemap,
  fixedLoad,
  warmUp,
} from "./fixed-load.mjs";
import { childrenOf, numberArg, rssMb, withScratchServer } from "./production-server.mjs";

const option = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : fallback;
};
const peer = option("peer", "http://127.0.0.1:8088");
const port = numberArg("port", 3393);
const seconds = numberArg("seconds", 8);
const roundsAb = numberArg("rounds-ab", 3);
const idleSeconds = numberArg("idle", 10);
const workers = numberArg("workers", 2);
const onPostgres = Boolean(process.env.DATABASE_URL);

const WORDS = ["editor", "youtube", "tiktok", "manager", "designer", "engineer", "remote"];
WORDS.push("video", "producer", "writer", "community", "brand", "growth", "podcast", "analyst");
WORDS.push("sales", "partnerships", "creator", "marketing", "ops");
const FT = "filter_job_type%5B%5D";
const peerBody = (kw) =>
  `lang=&search_keywords=${encodeURIComponent(kw)}&search_location=&search_categories%5B%5D=&${FT}=contractor&${FT}=full-time&${FT}=internship&${FT}=part-time&${FT}=&per_page=10&orderby=featured&order=DESC&page=1&remote_position=&show_pagination=false&form_data=`;
let searchNumber = 0;
const keyword = () => {
  searchNumber += 1;
  return `${WORDS[searchNumber % WORDS.length]} ${searchNumber}`;
};
const oursRequest = (req) => ({
  ...req,
  method: "GET",
  path: `/?q=${encodeURIComponent(keyword())}`,
});
const peerRequest = (req) => ({
  ...req,
  method: "POST",
  path: "/jm-ajax/get_listings/",
  body: peerBody(keyword()),
  headers: {
    ...req.headers,
    "content-type": "application/x-www-form-urlencoded; charset=UTF-8",
    "x-requested-with": "XMLHttpRequest",
  },
});

/** One window of unique searches against `url`. */
async function searchWindow(url, make) {
  const result = await autocannon({
    url,
    connections: 20,
    duration: seconds,
    headers: { "accept-encoding": "br, gzip" },
    requests: [{ setupRequest: make }],
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bad: result.non2xx + result.errors,
  };
}

/** The peer's processes: each pid file's process in /tmp/peer and its children. */
function peerPids() {
  const pids = new Set();
  for (const file of readdirSync("/tmp/peer").filter((name) => name.endsWith(".pid"))) {
    const pid = Number(readFileSync(`/tmp/peer/${file}`, "utf8").trim());
    if (!pid || rssMb(pid) === null) continue;
    pids.add(pid);
    for (const child of childrenOf(pid)) pids.add(child);
  }
  return [...pids];
}

const sum = (pids) => pids.reduce((total, pid) => total + (rssMb(pid) ?? 0), 0);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  const peerUp = await fetch(`${peer}/jobs/`).then(
    (response) => response.ok,
    () => false,
  );
  if (!peerUp)
    throw new Error(`no peer at ${peer}: set it up as docs/performance.md's "How to measure" says`);
  const stopEmulator = await authEmulator();
  await withScratchServer(
    {
      port,
      prefix: "versus-peer-",
      env: {
        ...(onPostgres ? { WEB_CONCURRENCY: String(workers) } : {}),
        FIREBASE_AUTH_EMULATOR_HOST: AUTH_EMULATOR_HOST,
      },
      prepare: onPostgres
        ? () => {
            const seeded = spawnSync("npx", ["tsx", "scripts/seed.ts"], { stdio: "inherit" });
            if (seeded.status !== 0) throw new Error("seeding PostgreSQL failed");
          }
        : undefined,
    },
    async (server) => {
      await sleep(3_000);
      const ours = () => [server.pid, ...childrenOf(server.pid)];
      // The same fixed load on both: ours the whole of it; the peer the searches and a crawl of
      // its sitemap (it takes no applications through an API).
      const warm = await warmUp(server.origin);
      const load = await fixedLoad(server.origin);
      const peerFailed = new Set();
      for (let i = 0; i < 3; i += 1) await searchWindow(peer, peerRequest);
      const peerCrawl = await crawlSitemap(peer, peerFailed);
      const failed = [...warm.failed, ...load.failed];
      if (failed.length) console.log(`ours, not answered as expected: ${failed.join(", ")}`);
      if (peerFailed.size)
        console.log(`peer, not answered as expected: ${[...peerFailed].join(", ")}`);

      const rows = { ours: [], peer: [] };
      for (let round = 0; round < roundsAb; round += 1) {
        rows.ours.push(await searchWindow(server.origin, oursRequest));
        rows.peer.push(await searchWindow(peer, peerRequest));
      }
      await sleep(idleSeconds * 1_000);
      const memory = { ours: sum(ours()), peer: sum(peerPids()), oursEach: ours().map(rssMb) };

      const setup = onPostgres ? `PostgreSQL, ${workers} workers` : "embedded (PGlite)";
      console.log(
        `\nOurs: ${setup}, Node ${process.version}; after a warm-up of ${warm.requests} requests and the load (${load.done.join("; ")}); the peer after ${3 * seconds} s of searches and ${peerCrawl}. Load average at the end ${loadavg()[0].toFixed(1)}.`,
      );
      console.log(
        `\nUnique searches, 20 connections, ${roundsAb} windows of ${seconds} s each, alternated:`,
      );
      console.log("| window | ours req/s | p50 | p99 | peer req/s | p50 | p99 |");
      console.log("| --- | --- | --- | --- | --- | --- | --- |");
      for (let round = 0; round < roundsAb; round += 1) {
        const [o, p] = [rows.ours[round], rows.peer[round]];
        console.log(
          `| ${round + 1} | ${o.rps.toFixed(0)} | ${o.p50} ms | ${o.p99} ms | ${p.rps.toFixed(0)} | ${p.p50} ms | ${p.p99} ms |`,
        );
      }
      const med = (side, key) => median(rows[side].map((row) => row[key]));
      console.log(
        `| median | ${med("ours", "rps").toFixed(0)} | ${med("ours", "p50")} ms | ${med("ours", "p99")} ms | ${med("peer", "rps").toFixed(0)} | ${med("peer", "p50")} ms | ${med("peer", "p99")} ms |`,
      );
      const bad = [...rows.ours, ...rows.peer].reduce((total, row) => total + row.bad, 0);
      console.log(
        `throughput, ours over the peer: ${(med("ours", "rps") / med("peer", "rps")).toFixed(2)}×; p99, ours over the peer: ${(med("ours", "p99") / med("peer", "p99")).toFixed(2)}×${bad ? `; ${bad} answers not 2xx or failed` : ""}`,
      );
      console.log(
        `\nResident memory idle after the load: ours ${memory.ours.toFixed(0)} MB (${memory.oursEach.map((mb) => `${mb?.toFixed(0)} MB`).join(" + ")}), the peer's whole stack ${memory.peer.toFixed(0)} MB`,
      );
      if (!process.argv.includes("--no-bytes")) {
        const bytes = spawnSync(
          process.execPath,
          ["bench/first-visit.mjs", server.origin, "--peer-url", peer],
          { encoding: "utf8" },
        );
        console.log(`\nA first visit's bytes (bench/first-visit.mjs):${bytes.stdout}`);
        if (bytes.status !== 0) console.log(bytes.stderr);
      }
    },
  ).finally(stopEmulator);
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
