import cluster from "node:cluster";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import type { AddressInfo } from "node:net";
import next from "next";
import { resolvePublicEnv } from "@/lib/env";
import { closeDatabase } from "@/lib/server/db";
import { openAppDatabase } from "@/lib/server/start/app-database";
import type { ServerEnv } from "@/lib/server/env";
import { PageCache, REFRESH_HEADER, registerPageCache } from "@/lib/server/http/page-cache";
import { startPurgeBus } from "@/lib/server/http/purge-bus";
import { builtPublicEnv, securityOptionsFrom } from "@/lib/server/http/security-headers";
import { precompressedStatic } from "@/lib/server/http/precompressed";
import { withServerLayer } from "@/lib/server/http/server-layer";
import { boardSettingsOverrides } from "@/lib/board-settings";
import { refreshBoardSettings } from "@/lib/server/board-settings";
import { prerenderedWithBoardSettings } from "@/lib/server/board-settings-html";
import { clientTimeouts } from "@/lib/server/http/client-timeouts";
import { ADMISSION_BOUNDS, admissionGate } from "@/lib/server/http/admission";
import { ChannelClient } from "@/lib/server/db/pglite-channel";
import {
  collectAllGarbage,
  IDLE_COLLECT_AFTER_MS,
  idleCollector,
} from "@/lib/server/http/idle-collector";
import { reportMemoryOnSignal } from "@/lib/server/http/memory-report";
import { closeGracefully } from "@/lib/server/http/shutdown";
import { renderWithNodeBuild } from "@/lib/server/start/react-node-renderer";
import { log } from "@/lib/server/log";
import { closeMailTransports } from "@/lib/server/mail/send";
import { serveControl } from "@/lib/server/worker/control";
import { getQueue, stopQueue } from "@/lib/server/queue/queue";
import { runOnce, startWorkers } from "@/lib/server/worker/worker";

// One server process of scripts/server.ts: Next.js behind the page cache, alone (PGlite) or as a
// worker of the primary (PostgreSQL). A module of its own, imported only where it runs, so that
// the primary, which only forks, never loads Next.js and the rest (issue 48).

/** Where and how the process serves, as scripts/server.ts read it. */
export type ServerProcessOptions = {
  dev: boolean;
  hostname: string;
  port: number;
  origin: string;
  env: ServerEnv;
};

/**
 * The Next.js configuration as the build resolved it (`.next/required-server-files.json`), handed
 * to Next.js the way its own standalone server does: `next.config.ts` is not evaluated again at
 * run time, which would load the SWC compiler (some 30 MB resident) and the build's plugins only
 * to transpile it (issue 48).
 */
function builtNextConfig() {
  const { config } = JSON.parse(readFileSync(".next/required-server-files.json", "utf8")) as {
    config: NonNullable<Parameters<typeof next>[0]["conf"]>;
  };
  process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(config);
  return config;
}

/** One server process: alone, or a worker of the primary. */
export async function runServer({ dev, hostname, port, origin, env }: ServerProcessOptions) {
  if (!dev) renderWithNodeBuild();
  const app = next({ dev, hostname, port, ...(dev ? {} : { conf: builtNextConfig() }) });
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
  // Renders take turns, first come first served (lib/server/http/admission.ts).
  const admit = admissionGate({
    limit: dev ? 0 : env.RENDER_CONCURRENCY,
    ...ADMISSION_BOUNDS,
  });
  const tracked: typeof handle = (req, res, parsedUrl) => {
    const done = admit(req, res, () => handle(req, res, parsedUrl));
    handling.add(done);
    void done.finally(() => handling.delete(done)).catch(() => undefined);
    return done;
  };
  // The board's settings reach the pages the build prerendered too (docs/board-settings.md).
  const prerendered = {
    refresh: () => refreshBoardSettings(database.db),
    rewrite: (html: string) => prerenderedWithBoardSettings(html, boardSettingsOverrides()),
  };
  const served = withServerLayer(tracked, {
    security,
    cache,
    refresh: (url) => refresh(url),
    prerendered,
  });
  // Once nothing has been in flight for a few seconds, V8 gives back the memory the last requests
  // grew (lib/server/http/idle-collector.ts).
  // The embedded database's thread (lib/server/db/pglite-thread.ts) collects its own heap then too,
  // and then the process gives its freed malloc memory back (lib/server/heap.ts).
  const dbThread = database.pglite instanceof ChannelClient ? database.pglite : undefined;
  const quiet = dev
    ? undefined
    : idleCollector({
        quietMs: IDLE_COLLECT_AFTER_MS,
        collect: () => {
          void collectAllGarbage(async () => dbThread?.memory(true));
        },
      });
  // bench/memory.mjs reads each process's memory after its load (MEMORY_REPORT=true).
  if (env.MEMORY_REPORT) {
    const pglite = database.pglite as { mod?: { HEAP8?: Int8Array } } | undefined;
    reportMemoryOnSignal({
      cache,
      wasmBytes: () => pglite?.mod?.HEAP8?.length,
      thread: dbThread && (() => dbThread.memory()),
    });
  }
  const layer: typeof served = (req, res) => {
    quiet?.begin();
    res.once("close", () => quiet?.end());
    return served(req, res);
  };
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
    quiet?.stop();
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
