// The production server: Next.js behind the in-memory page cache, on the app's database.
// Usage: node dist/server.js (built by `npm run build`), or `tsx scripts/server.ts --dev`.
// HOST and PORT from the environment (default 127.0.0.1:3000). On PostgreSQL (DATABASE_URL)
// a primary process forks WEB_CONCURRENCY workers (default: one per core) sharing the port; on
// the embedded database (PGlite), whose folder has one owner, it is one process.
import "./production-mode";
import cluster from "node:cluster";
import { availableParallelism } from "node:os";
import { closeDatabase } from "@/lib/server/db";
import { openAppDatabase } from "@/lib/server/app-database";
import { readServerEnv } from "@/lib/server/env";
import { log } from "@/lib/server/log";
import { getQueue, stopQueue } from "@/lib/server/queue/queue";

const hostname = process.env.HOST ?? "127.0.0.1";
const port = Number(process.env.PORT ?? 3000);
const dev = process.argv.includes("--dev");
const env = readServerEnv();
const origin = `http://${hostname.includes(":") ? `[${hostname}]` : hostname}:${port}`;

/** Workers that may die within a minute before the primary gives up replacing them. */
const MAX_DEATHS_PER_MINUTE = 5;

function workerCount(): number {
  if (dev) return 1;
  if (!env.DATABASE_URL) {
    if ((env.WEB_CONCURRENCY ?? 1) > 1) {
      log.warn(
        { WEB_CONCURRENCY: env.WEB_CONCURRENCY },
        "WEB_CONCURRENCY is ignored on the embedded database (PGlite), whose folder has one owner: running one process. Set DATABASE_URL to run more.",
      );
    }
    return 1;
  }
  return env.WEB_CONCURRENCY ?? availableParallelism();
}

/** The primary: migrates, forks the workers, replaces any that dies, and stops them on a signal. */
async function runPrimary(workers: number) {
  // Migrate (and on a first start seed) once here, before the workers start; they take the
  // migration lock too and find nothing left to do.
  await openAppDatabase();
  // The job queue's schema too (pg-boss installs or upgrades it under a lock of its own).
  await getQueue();
  await stopQueue();
  await closeDatabase();

  let stopping = false;
  let exitCode = 0;
  const deaths: number[] = [];
  const fork = () => cluster.fork();
  for (let i = 0; i < workers; i += 1) fork();
  log.info({ workers }, `Creator Jobs is running at ${origin}`);

  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        log.info("Every worker has stopped");
        process.exit(exitCode);
      }
      return;
    }
    const now = Date.now();
    deaths.push(now);
    while (deaths[0]! < now - 60_000) deaths.shift();
    if (deaths.length > MAX_DEATHS_PER_MINUTE) {
      log.fatal({ deaths: deaths.length }, "Workers keep dying: stopping");
      exitCode = 1;
      stop("SIGTERM");
      return;
    }
    log.error({ workerPid: worker.process.pid, code, signal }, "A worker died; starting another");
    setTimeout(() => stopping || fork(), 1_000);
  });

  function stop(signal: NodeJS.Signals) {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "Stopping the workers");
    const running = Object.values(cluster.workers ?? {});
    if (running.length === 0) process.exit(exitCode);
    for (const worker of running) worker?.process.kill(signal);
    // Workers stop within SHUTDOWN_TIMEOUT_MS; one that does not is killed.
    setTimeout(() => {
      log.error("Workers did not stop in time: killing them");
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGKILL");
      process.exit(1);
    }, env.SHUTDOWN_TIMEOUT_MS + 5_000).unref();
  }
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
}

const workers = workerCount();
// The server process's code (Next.js and the rest) is loaded only where it runs: not in the
// primary, which only migrates and forks (issue 48).
const serve = async () =>
  (await import("./server-process")).runServer({ dev, hostname, port, origin, env });
const main = cluster.isPrimary && workers > 1 ? () => runPrimary(workers) : serve;
main().catch((error: unknown) => {
  log.fatal({ err: error }, "The server could not start");
  process.exit(1);
});
