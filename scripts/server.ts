// The production server: Next.js behind the in-memory page cache, on the app's database.
// Usage: node dist/server.js (built by `npm run build`), or `tsx scripts/server.ts --dev`.
// HOST and PORT from the environment (default 127.0.0.1:3000). On PostgreSQL (DATABASE_URL)
// a primary process forks WEB_CONCURRENCY workers (default: one per core) sharing the port; on
// the embedded database (PGlite), whose folder has one owner, it is one process.
import "./production-mode";
import cluster from "node:cluster";
import { createServer } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import type { AddressInfo } from "node:net";
import { availableParallelism } from "node:os";
import next from "next";
import { resolvePublicEnv } from "@/lib/env";
import { closeDatabase } from "@/lib/server/db";
import { openAppDatabase } from "@/lib/server/app-database";
import { readServerEnv } from "@/lib/server/env";
import { PageCache, REFRESH_HEADER, registerPageCache } from "@/lib/server/http/page-cache";
import { startPurgeBus } from "@/lib/server/http/purge-bus";
import { builtPublicEnv, securityOptionsFrom } from "@/lib/server/http/security-headers";
import { precompressedStatic } from "@/lib/server/http/precompressed";
import { withServerLayer } from "@/lib/server/http/server-layer";
import { clientTimeouts } from "@/lib/server/http/client-timeouts";
import { closeGracefully } from "@/lib/server/http/shutdown";
import { log } from "@/lib/server/log";
import { closeMailTransports } from "@/lib/server/mail/send";
import { serveControl } from "@/lib/server/worker/control";
import { getQueue, stopQueue } from "@/lib/server/queue/queue";
import { runOnce, startWorkers } from "@/lib/server/worker/worker";

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

/** One server process: alone, or a worker of the primary. */
async function runServer() {
  const app = next({ dev, hostname, port });
  const handle = app.getRequestHandler();
  await app.prepare();
  // Migrate (and on a first start seed) before the first visitor, not during their request.
  const database = await openAppDatabase();

  const publicEnv = dev ? resolvePublicEnv(process.env) : builtPublicEnv();
  // The policy admits what the pages were built to load (next dev builds from the environment).
  const security = securityOptionsFrom(publicEnv, { dev, hsts: env.HSTS });
  // next dev renders every request afresh: no page cache there (nor with PAGE_CACHE_MB=0).
  const cache =
    dev || env.PAGE_CACHE_MB === 0
      ? undefined
      : new PageCache({
          maxBytes: env.PAGE_CACHE_MB * 1024 * 1024,
          precompressed: precompressedStatic(".next"),
        });
  // Moderation drops the pages a newly published (or withdrawn) job changes, in every process.
  registerPageCache(cache);
  // Purges still reach per-process caches (onPurge) when pages are not cached.
  const purgeBus = !dev
    ? startPurgeBus({
        postgres: database.postgres,
        webhookUrl: env.PURGE_WEBHOOK_URL,
        siteUrl: publicEnv.NEXT_PUBLIC_SITE_URL,
      })
    : undefined;
  await purgeBus?.ready;

  // Next.js's handling of a request can outlast its answer (its own bookkeeping after the body
  // is out): a stopping server waits for that too before it closes Next.js.
  const handling = new Set<Promise<void>>();
  const tracked: typeof handle = (req, res, parsedUrl) => {
    const done = Promise.resolve(handle(req, res, parsedUrl));
    handling.add(done);
    void done.finally(() => handling.delete(done)).catch(() => undefined);
    return done;
  };
  const layer = withServerLayer(tracked, { security, cache, refresh: (url) => refresh(url) });
  const server = createServer(clientTimeouts(env), layer);
  // Stale pages are refreshed by asking this process itself, on a loopback port of its own: the
  // shared port could hand the request to another worker, with a cache of its own.
  const own = cache ? createServer(clientTimeouts(env), layer) : undefined;
  const servers = own ? [server, own] : [server];
  if (own) {
    await new Promise<void>((resolve) =>
      own.listen({ port: 0, host: "127.0.0.1", exclusive: true }, resolve),
    );
  }
  const ownOrigin = own ? `http://127.0.0.1:${(own.address() as AddressInfo).port}` : origin;
  const refresh = (url: string) =>
    fetch(new URL(url, ownOrigin), {
      headers: { [REFRESH_HEADER]: cache?.refreshToken ?? "", "accept-encoding": "identity" },
    })
      .then((response) => response.arrayBuffer())
      .catch((error: unknown) =>
        log.error({ err: error, path: url.split("?")[0] }, "Refresh failed"),
      );

  // The job queue: this process sends mail and runs upkeep unless WORKER=false (another
  // process, `npm run worker`, does). On PGlite, `npm run worker -- --once` asks this process
  // for a run through a socket beside the data folder, which it must not open a second time.
  const queue = await getQueue(database);
  const workers = env.WORKER ? await startWorkers(database, queue) : undefined;
  const control =
    database.kind === "pglite"
      ? await serveControl(env.DATA_DIR, ({ now }) => runOnce(database, queue, { now }))
      : undefined;

  server.listen(port, hostname, () => {
    if (cluster.isWorker) log.info("Worker listening");
    else log.info(`Creator Jobs is running at ${origin}`);
  });

  let stopping = false;
  async function stop(signal: NodeJS.Signals) {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "Stopping: finishing the requests in flight");
    const { forced } = await closeGracefully(servers, env.SHUTDOWN_TIMEOUT_MS);
    if (forced) log.warn("Requests still in flight were cut at SHUTDOWN_TIMEOUT_MS");
    await Promise.race([Promise.allSettled([...handling]), sleep(forced ? 0 : 5_000)]);
    control?.close();
    await workers?.stop();
    await stopQueue(database);
    closeMailTransports();
    await purgeBus?.stop();
    await app.close();
    await closeDatabase();
    log.info("Stopped");
    process.exit(0);
  }
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

const workers = workerCount();
const main = cluster.isPrimary && workers > 1 ? () => runPrimary(workers) : runServer;
main().catch((error: unknown) => {
  log.fatal({ err: error }, "The server could not start");
  process.exit(1);
});
