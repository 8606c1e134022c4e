// What the production server holds in memory (issue 48): each process's resident set (RSS),
// after start and idle after a fixed warm-up, on the embedded default (PGlite, one process) or on
// PostgreSQL (a primary and its workers). Also right after the warm-up, before the quiet spell in
// which the server gives back what the requests grew (lib/server/http/idle-collector.ts).
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
// after the warm-up before reading, default 10).
import { spawnSync } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";
import { childrenOf, numberArg, rssMb, withScratchServer } from "./production-server.mjs";

const port = numberArg("port", 3391);
const rounds = numberArg("rounds", 20);
const idleSeconds = numberArg("idle", 10);
const workers = numberArg("workers", 2);
const onPostgres = Boolean(process.env.DATABASE_URL);

/** The server's processes: the one started, and (on PostgreSQL) the workers it forked. */
function processes(pid) {
  const children = childrenOf(pid);
  if (children.length === 0) return [{ role: onPostgres ? "primary" : "server", pid }];
  return [
    { role: "primary", pid },
    ...children.map((child, index) => ({ role: `worker ${index + 1}`, pid: child })),
  ];
}

/** A fixed warm-up: every kind of page and call a visitor makes, `rounds` times, four at a time. */
async function warmUp(origin) {
  const jobs = await (await fetch(`${origin}/api/jobs?per_page=20`)).json();
  const jobPaths = jobs.jobs.map((job) => `/jobs/${job.id}`);
  const words = ["editor", "design", "youtube", "manager", "video", "tiktok", "brand", "remote"];
  const paths = (round) => [
    "/",
    `/?q=${words[round % words.length]}`,
    `/api/jobs?q=${words[(round + 3) % words.length]}`,
    "/departments/design",
    "/regions/remote",
    "/types/full-time",
    jobPaths[round % jobPaths.length],
    "/talent",
    "/pricing",
    "/blog",
    "/creator-economy-hiring-trends-report",
    "/salaries",
    "/sitemap.xml",
    "/robots.txt",
    "/api/og/page/home.png",
    "/pdfs/privacy",
  ];
  const failed = new Set();
  for (let round = 0; round < rounds; round += 1) {
    const list = paths(round);
    for (let i = 0; i < list.length; i += 4) {
      await Promise.all(
        list.slice(i, i + 4).map((path) =>
          fetch(origin + path, { redirect: "follow" }).then(
            async (response) => {
              await response.arrayBuffer();
              if (!response.ok) failed.add(`${path} (${response.status})`);
            },
            () => failed.add(`${path} (no answer)`),
          ),
        ),
      );
    }
  }
  return { requests: rounds * paths(0).length, failed: [...failed] };
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
  await withScratchServer(
    {
      port,
      prefix: "memory-bench-",
      env: onPostgres ? { WEB_CONCURRENCY: String(workers) } : {},
      prepare: onPostgres ? seedPostgres : undefined,
    },
    async (server) => {
      // Let the workers finish starting (each answers on the shared port when it is up).
      await sleep(3_000);
      const started = read(processes(server.pid));
      const { requests, failed } = await warmUp(server.origin);
      const loaded = read(processes(server.pid));
      await sleep(idleSeconds * 1_000);
      const warm = read(processes(server.pid));
      if (failed.length > 0) console.log(`Not answered 2xx: ${failed.join(", ")}`);
      console.log(
        `${onPostgres ? `PostgreSQL, ${workers} workers` : "PGlite (embedded default)"}; warm-up: ${requests} requests, then ${idleSeconds} s idle; Node ${process.version}`,
      );
      console.log("| process | RSS after start | right after warm-up | RSS idle after warm-up |");
      console.log("| --- | --- | --- | --- |");
      let total = 0;
      for (const after of warm) {
        const before = started.find((row) => row.pid === after.pid);
        const during = loaded.find((row) => row.pid === after.pid);
        total += after.mb ?? 0;
        const mb = (value) =>
          value === null || value === undefined ? "–" : `${value.toFixed(0)} MB`;
        console.log(`| ${after.role} | ${mb(before?.mb)} | ${mb(during?.mb)} | ${mb(after.mb)} |`);
      }
      console.log(`| all | | | ${total.toFixed(0)} MB |`);
    },
  );
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
