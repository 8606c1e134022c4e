// What the production server holds in memory (issues 48 and 67): each process's resident set
// (RSS), after start and idle after a fixed warm-up and a fixed load, on the embedded default
// (PGlite, one process) or on PostgreSQL (a primary and its workers). Also right after the load,
// before the quiet spell in which the server gives back what the requests grew
// (lib/server/http/idle-collector.ts).
//
// The fixed load (issue 67), after the warm-up: unique keyword searches as the peer comparison
// sends them (side-search.mjs: 20 connections for --search seconds, every request a new
// `/?q=<word> <n>`), a crawl of every URL in /sitemap.xml (and its child sitemaps), and a burst
// of applications (--candidates new emulator accounts, each uploading a CV and applying to
// --applies listings that take applications on the board). The applications need the Firebase
// Auth emulator on 127.0.0.1:9189 (the benchmarks' own, not the tests'), started here (and
// stopped after) unless one is listening; if
// it cannot be reached they are left out and the output says so. `--no-load` measures the warm-up alone, as issue 48 did.
// Idle after the load each serving process is asked for its V8 heap (MEMORY_REPORT=true, SIGUSR2:
// lib/server/http/memory-report.ts).
//
//   npm run build
//   node bench/memory.mjs                       # PGlite: a fresh data folder, seeded on start
//   TEST_PG_PORT=54390 bash scripts/with-postgres.sh \
//     bash -c 'DATABASE_URL=$TEST_DATABASE_URL node bench/memory.mjs --workers 2'
//                                               # PostgreSQL at DATABASE_URL, seeded with the
//                                               # sample board if empty (PostgreSQL itself is
//                                               # not counted)
//
// Options: --port (default 3391), --rounds (warm-up rounds, default 20), --idle (seconds to wait
// after the load before reading, default 10), --search (seconds of searches, default 8),
// --candidates (default 10), --applies (applications each, default 5), --no-load, --smaps (where
// each process's resident memory is, idle after the load), --hold (seconds to keep the server up
// after reading, to look inside it), --env NAME=VALUE (repeatable: a setting to try).
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { AUTH_EMULATOR_HOST, authEmulator, fixedLoad, warmUp } from "./fixed-load.mjs";
import { childrenOf, numberArg, rssMb, withScratchServer } from "./production-server.mjs";

const port = numberArg("port", 3391);
const idleSeconds = numberArg("idle", 10);
const workers = numberArg("workers", 2);
const withLoad = !process.argv.includes("--no-load");
const onPostgres = Boolean(process.env.DATABASE_URL);
const MEMORY_REPORT_PREFIX = "memory-report ";
// --env NAME=VALUE (repeatable): added to the server's environment, over npm start's own (to try
// a setting, e.g. --env MALLOC_ARENA_MAX=1).
const extraEnv = Object.fromEntries(
  process.argv.flatMap((arg, i) =>
    arg === "--env" ? [process.argv[i + 1].split(/=(.*)/s).slice(0, 2)] : [],
  ),
);

/** The server's processes: the one started, and (on PostgreSQL) the workers it forked. */
function processes(pid) {
  const children = childrenOf(pid);
  if (children.length === 0) return [{ role: onPostgres ? "primary" : "server", pid }];
  return [
    { role: "primary", pid },
    ...children.map((child, index) => ({ role: `worker ${index + 1}`, pid: child })),
  ];
}

/** Each serving process's own report (lib/server/http/memory-report.ts), by process id. */
async function heapReports(list, reports) {
  reports.clear();
  const serving = list.filter(({ role }) => role !== "primary" || list.length === 1);
  for (const { pid } of serving) {
    try {
      process.kill(pid, "SIGUSR2");
    } catch {
      // gone meanwhile
    }
  }
  for (let i = 0; i < 50 && reports.size < serving.length; i += 1) await sleep(100);
  return reports;
}

/**
 * Where a process's resident memory is, from /proc/<pid>/smaps (--smaps): mapped files (code),
 * the malloc heap ([heap]), anonymous mappings by size (V8's heap pages are 256 kB, PGlite's
 * WebAssembly memory one large reservation, malloc's other arenas 64 MB), in MB resident.
 */
function smapsSummary(pid) {
  let text;
  try {
    text = readFileSync(`/proc/${pid}/smaps`, "utf8");
  } catch {
    return null;
  }
  const kinds = new Map();
  let kind = null;
  for (const line of text.split("\n")) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      const size = (parseInt(head[2], 16) - parseInt(head[1], 16)) / 1024;
      const name = head[3];
      if (name.startsWith("/")) kind = "files";
      else if (name) kind = name;
      else if (size <= 1024) kind = "anon ≤ 1 MB";
      else if (size <= 65536) kind = "anon 1–64 MB";
      else kind = "anon > 64 MB";
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && kind) kinds.set(kind, (kinds.get(kind) ?? 0) + Number(rss[1]) / 1024);
  }
  return [...kinds]
    .filter(([, mb]) => mb >= 1)
    .sort((a, b) => b[1] - a[1])
    .map(([name, mb]) => `${name} ${mb.toFixed(0)}`)
    .join(", ");
}

const read = (list) => list.map(({ role, pid }) => ({ role, pid, mb: rssMb(pid) }));

async function main() {
  // PostgreSQL is not seeded by the server's first start, as PGlite is: the same sample board.
  const seedPostgres = (env) => {
    const seeded = spawnSync("npx", ["tsx", "scripts/seed.ts"], {
      stdio: "inherit",
      env: { ...process.env, ...env },
    });
    if (seeded.status !== 0) throw new Error("seeding PostgreSQL failed");
  };
  const reports = new Map();
  const onStderrLine = (line) => {
    if (!line.startsWith(MEMORY_REPORT_PREFIX)) return void process.stderr.write(`${line}\n`);
    const report = JSON.parse(line.slice(MEMORY_REPORT_PREFIX.length));
    reports.set(report.pid, report);
  };
  const stopEmulator = withLoad ? await authEmulator() : () => {};
  await withScratchServer(
    {
      port,
      prefix: "memory-bench-",
      env: {
        ...(onPostgres ? { WEB_CONCURRENCY: String(workers) } : {}),
        MEMORY_REPORT: "true",
        FIREBASE_AUTH_EMULATOR_HOST: AUTH_EMULATOR_HOST,
        ...extraEnv,
      },
      prepare: onPostgres ? seedPostgres : undefined,
      onStderrLine,
    },
    async (server) => {
      // Let the workers finish starting (each answers on the shared port when it is up).
      await sleep(3_000);
      const started = read(processes(server.pid));
      const { requests, failed } = await warmUp(server.origin);
      const load = withLoad ? await fixedLoad(server.origin) : { done: [], failed: [] };
      const loaded = read(processes(server.pid));
      await sleep(idleSeconds * 1_000);
      const warm = read(processes(server.pid));
      const heaps = await heapReports(warm, reports);
      const notOk = [...failed, ...load.failed];
      if (notOk.length > 0) console.log(`Not answered as expected: ${notOk.join(", ")}`);
      const what = withLoad ? "warm-up and load" : "warm-up";
      console.log(
        `${onPostgres ? `PostgreSQL, ${workers} workers` : "PGlite (embedded default)"}; warm-up: ${requests} requests${withLoad ? `; load: ${load.done.join("; ")}` : ""}; then ${idleSeconds} s idle; Node ${process.version}`,
      );
      console.log(
        `| process | RSS after start | right after ${what} | RSS idle after ${what} | heap used / total | old space used / committed | external / array buffers | page cache | PGlite's WASM memory | the database thread's heap used / total |`,
      );
      console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
      let total = 0;
      const mb = (value) =>
        value === null || value === undefined ? "–" : `${value.toFixed(0)} MB`;
      for (const after of warm) {
        const before = started.find((row) => row.pid === after.pid);
        const during = loaded.find((row) => row.pid === after.pid);
        const heap = heaps.get(after.pid);
        total += after.mb ?? 0;
        const cells = heap
          ? [
              `${mb(heap.heapUsed)} / ${mb(heap.heapTotal)}`,
              `${mb(heap.oldSpaceUsed)} / ${mb(heap.oldSpaceCommitted)}`,
              `${mb(heap.external)} / ${mb(heap.arrayBuffers)}`,
              heap.pageCache ? `${heap.pageCache.entries} pages, ${mb(heap.pageCache.mb)}` : "off",
              heap.wasm ? mb(heap.wasm) : "–",
              heap.threadHeap ? `${mb(heap.threadHeap.used)} / ${mb(heap.threadHeap.total)}` : "–",
            ]
          : ["–", "–", "–", "–", "–", "–"];
        console.log(
          `| ${after.role} | ${mb(before?.mb)} | ${mb(during?.mb)} | ${mb(after.mb)} | ${cells.join(" | ")} |`,
        );
      }
      console.log(`| all | | | ${total.toFixed(0)} MB | | | | | | |`);
      if (process.argv.includes("--smaps")) {
        for (const { role, pid } of warm) {
          console.log(`${role} (MB resident): ${smapsSummary(pid)}`);
          const spaces = reports.get(pid)?.spaces;
          if (spaces) {
            const list = Object.entries(spaces).map(
              ([name, [used, all]]) => `${name} ${used}/${all}`,
            );
            console.log(`${role} V8 spaces (MB used/committed): ${list.join(", ")}`);
          }
        }
      }
      // To look inside the idle processes (gdb, heap snapshots) before they stop.
      const hold = numberArg("hold", 0);
      if (hold > 0) {
        console.log(
          `Holding the server for ${hold} s: ${warm.map(({ role, pid }) => `${role} ${pid}`).join(", ")}`,
        );
        await sleep(hold * 1_000);
      }
    },
  ).finally(stopEmulator);
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
