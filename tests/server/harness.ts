import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "drizzle-orm";
import type { Database } from "@/lib/server/db/client";
import { startCommand } from "@/bench/production-server.mjs";
import { AUTH_EMULATOR_HOST } from "@/tests/global-setup";

/*
 * The production server as it is deployed (dist/server.js, bundled from scripts/server.ts by
 * `npm run build`, over the production build), run as a child process on a port of its own, for
 * tests that need the whole of it: routing, headers, the page cache, and what happens when its
 * database goes away.
 */

const ROOT = process.cwd();

/** Listens on `port` (0: one the system picks) and lets go of it; resolves with the port. */
const probe = (port: number) =>
  new Promise<number>((resolve, reject) => {
    const listener = createServer();
    listener.once("error", reject);
    listener.listen(port, "127.0.0.1", () => {
      const address = listener.address();
      listener.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });

/** Where the next search of TEST_PORTS starts, so that two servers started together differ. */
let nextInRange = 0;

/**
 * A port nobody is listening on just now: one the system picks, or on a machine whose users
 * share out port ranges, one of TEST_PORTS (e.g. `3140-3149`).
 */
export async function freePort(): Promise<number> {
  const range = /^(\d+)-(\d+)$/.exec(process.env.TEST_PORTS ?? "");
  if (!range) return probe(0);
  const first = Number(range[1]);
  const size = Number(range[2]) - first + 1;
  for (let tried = 0; tried < size; tried += 1) {
    const port = first + ((nextInRange + tried) % size);
    if (await probe(port).then(Boolean, () => false)) {
      nextInRange = (port - first + 1) % size;
      return port;
    }
  }
  throw new Error(`No port of TEST_PORTS=${process.env.TEST_PORTS} is free`);
}

export type RunningServer = {
  url: string;
  port: number;
  process: ChildProcess;
  /** What the server wrote, for a failing test to show. */
  output: () => string;
  /** Resolves once the server has written a line matching `pattern`, `count` times. */
  waitForOutput: (pattern: RegExp, count?: number, timeoutMs?: number) => Promise<void>;
  /** SIGTERM, and wait until it has exited; resolves with its exit code. */
  stop: () => Promise<number | null>;
  /** SIGKILL: the process dies at once, mid-request. */
  kill: () => Promise<void>;
  /** Resolves with the exit code once it has exited (by itself, or after a signal). */
  exited: () => Promise<number | null>;
};

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once("exit", (code) => resolve(code));
  });

const SERVER_ENTRY = join(ROOT, "dist", "server.js");

/**
 * Starts the production server on `database` (a PGlite folder, or a PostgreSQL URL) and waits
 * until it answers. It trusts X-Forwarded-For (tests send many clients from one machine) and
 * the Auth emulator's tokens, seeds nothing, runs one process (WEB_CONCURRENCY=1) and logs
 * every request, unless `env` says otherwise.
 */
export async function startServer(options: {
  database: { dataDir: string } | { url: string };
  env?: Record<string, string>;
  /** Wait until it answers (the default), or return at once (for servers started together). */
  wait?: boolean;
}): Promise<RunningServer> {
  if (!existsSync(join(ROOT, ".next", "BUILD_ID")) || !existsSync(SERVER_ENTRY)) {
    throw new Error(
      "These tests run the production build (.next and dist/server.js): run `npm run build` first.",
    );
  }
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // node's flags and the environment settings as `npm start` gives them (package.json).
  const start = startCommand();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...start.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    SEED_SAMPLE_DATA: "false",
    TRUST_PROXY: "true",
    WEB_CONCURRENCY: "1",
    LOG_LEVEL: "info",
    FIREBASE_AUTH_EMULATOR_HOST: AUTH_EMULATOR_HOST,
    // Logos (the sample board's too, when a test seeds) in a folder of the test's, not the repo's.
    LOGO_DIR: mkdtempSync(join(tmpdir(), "creator-jobs-logos-")),
    ...("dataDir" in options.database
      ? { DATA_DIR: options.database.dataDir, DATABASE_URL: "" }
      : { DATABASE_URL: options.database.url }),
    ...options.env,
  };
  const child = spawn(process.execPath, start.args, {
    cwd: ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));

  const server: RunningServer = {
    url,
    port,
    process: child,
    output: () => output,
    waitForOutput: async (pattern, count = 1, timeoutMs = 120_000) => {
      const global = new RegExp(pattern.source, pattern.flags.replace("g", "") + "g");
      for (let waited = 0; (output.match(global)?.length ?? 0) < count; waited += 100) {
        if (waited > timeoutMs) {
          throw new Error(`The server did not write ${pattern} ${count} times:\n${output}`);
        }
        await sleep(100);
      }
    },
    stop: async () => {
      child.kill("SIGTERM");
      return exited(child);
    },
    kill: async () => {
      child.kill("SIGKILL");
      await exited(child);
    },
    exited: () => exited(child),
  };
  if (options.wait !== false) await waitUntilUp(server);
  return server;
}

/** Waits until `server` answers, or fails with what it wrote. */
export async function waitUntilUp(server: RunningServer): Promise<void> {
  for (let waited = 0; ; waited += 250) {
    if (server.process.exitCode !== null) throw new Error(`The server exited:\n${server.output()}`);
    if (waited > 120_000) {
      throw new Error(`The server did not answer in 2 minutes:\n${server.output()}`);
    }
    const up = await fetch(`${server.url}/api/openapi.json`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return;
    await sleep(250);
  }
}

const BOOKKEEPING_TABLES = new Set(["rate_limits", "scheduled_tasks"]);

/** Every row of every table of the app, to show that requests changed nothing. */
export async function snapshotTables(db: Database): Promise<Record<string, unknown[]>> {
  const rowsOf = async <T>(query: ReturnType<typeof sql.raw>) =>
    ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const tables = await rowsOf<{ table_name: string }>(
    sql.raw(`select table_name from information_schema.tables
             where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`),
  );
  const snapshot: Record<string, unknown[]> = {};
  for (const { table_name: table } of tables) {
    // Bookkeeping that requests and the clock change by design: rate limit counters and when
    // periodic work last ran.
    if (BOOKKEEPING_TABLES.has(table)) continue;
    // Ordered by the whole row, so equal tables give equal snapshots.
    snapshot[table] = await rowsOf(sql.raw(`select * from "${table}" t order by t::text`));
  }
  return snapshot;
}
