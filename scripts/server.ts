// The production server: Next.js behind the in-memory page cache, on the app's database.
// Usage: node dist/server.js (built by `npm run build`), or `tsx scripts/server.ts --dev`.
// HOST and PORT from the environment (default 127.0.0.1:3000). On PostgreSQL (DATABASE_URL)
// a primary process forks WEB_CONCURRENCY workers (default: one per core) sharing the port; on
// the embedded database (PGlite), whose folder has one owner, it is one process.
//
// The database is migrated (and on a first start seeded) by a process of its own that exits when
// done, before anything serves (issue 48): what that one-off work loaded and allocated (the
// migrations, the sample board's generator, PGlite's memory grown by a bulk insert, which WASM
// never gives back) is not kept by the server for its lifetime. The primary holds only what
// forking needs, and the serving code (scripts/server-process.ts) is loaded only where it serves.
// The preparing worker also reads and checks the whole environment and tells the primary the two
// things it needs (how many workers, how long they may take to stop), so that the primary does
// not load the environment's schema (zod) either.
import "./production-mode";
import cluster from "node:cluster";
import { availableParallelism } from "node:os";
import type { ServerEnv } from "@/lib/server/env";
import { log } from "@/lib/server/log";

const hostname = process.env.HOST ?? "127.0.0.1";
const port = Number(process.env.PORT ?? 3000);
const dev = process.argv.includes("--dev");
const origin = `http://${hostname.includes(":") ? `[${hostname}]` : hostname}:${port}`;

/** Workers that may die within a minute before the primary gives up replacing them. */
const MAX_DEATHS_PER_MINUTE = 5;

function workerCount(env: ServerEnv): number {
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

/** Set on the one worker that only prepares the database, then exits. */
const PREPARE_ROLE = { SERVER_PREPARE_DATABASE: "1" };

/** What the preparing worker tells the primary, from the environment it has checked. */
type Plan = { workers: number; shutdownTimeoutMs: number };

/**
 * Migrates (and on a first start seeds) the database and installs the job queue's schema, once,
 * before the workers start; they take the same locks and find nothing left to do.
 */
async function prepareDatabase() {
  const [{ openAppDatabase }, { closeDatabase }, { getQueue, stopQueue }] = await Promise.all([
    import("@/lib/server/start/app-database"),
    import("@/lib/server/db"),
    import("@/lib/server/queue/queue"),
  ]);
  await openAppDatabase();
  // pg-boss installs or upgrades its schema under a lock of its own.
  await getQueue();
  await stopQueue();
  await closeDatabase();
}

/**
 * Prepares the database in a worker of its own, which exits when done; resolves with the plan it
 * sent, and rejects if it failed (an invalid environment included).
 */
function prepareInWorker(): Promise<Plan> {
  return new Promise((resolve, reject) => {
    let plan: Plan | undefined;
    cluster
      .fork(PREPARE_ROLE)
      .on("message", (message: { plan?: Plan }) => (plan = message.plan ?? plan))
      .once("exit", (code, signal) => {
        if (code === 0 && plan) resolve(plan);
        else reject(new Error(`Preparing the database failed (exit ${signal ?? code})`));
      });
  });
}

/** The primary: forks the workers, replaces any that dies, and stops them on a signal. */
function runPrimary({ workers, shutdownTimeoutMs }: Plan) {
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
    }, shutdownTimeoutMs + 5_000).unref();
  }
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
}

// The server process's code (Next.js and the rest) is loaded only where it runs: not in the
// primary, which only forks (issue 48).
const readEnv = async () => (await import("@/lib/server/env")).readServerEnv();
const serve = async () =>
  (await import("./server-process")).runServer({
    dev,
    hostname,
    port,
    origin,
    env: await readEnv(),
  });
const prepare = async () => {
  const env = await readEnv();
  await prepareDatabase();
  const plan: Plan = { workers: workerCount(env), shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS };
  // Exits once the plan has reached the primary.
  process.send!({ plan }, () => process.exit(0));
};
// One process (PGlite, or WEB_CONCURRENCY=1) serves once the preparing worker has exited and
// closed the database (PGlite's folder has one owner at a time); more are forked by the primary.
const primary = async () => {
  const plan = await prepareInWorker();
  if (plan.workers > 1) runPrimary(plan);
  else await serve();
};
// next dev serves in one process, which prepares the database itself.
const main =
  process.env.SERVER_PREPARE_DATABASE === PREPARE_ROLE.SERVER_PREPARE_DATABASE
    ? prepare
    : cluster.isPrimary && !dev
      ? primary
      : serve;
main().catch((error: unknown) => {
  log.fatal({ err: error }, "The server could not start");
  process.exit(1);
});
