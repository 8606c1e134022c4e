import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "drizzle-orm";
import type { Database } from "@/lib/server/db/client";
import { AUTH_EMULATOR_HOST } from "@/tests/global-setup";

/*
 * The production server as it is deployed (scripts/server.ts over the production build), run
 * as a child process on a port of its own, for tests that need the whole of it: routing,
 * headers, the page cache, and what happens when its database goes away.
 */

const ROOT = process.cwd();

/** A port nobody is listening on just now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

export type RunningServer = {
  url: string;
  process: ChildProcess;
  /** What the server wrote, for a failing test to show. */
  output: () => string;
  /** SIGTERM, and wait until it has exited. */
  stop: () => Promise<void>;
  /** SIGKILL: the process dies at once, mid-request. */
  kill: () => Promise<void>;
};

/** A temporary folder for an embedded (PGlite) database. */
export const temporaryDataDir = () => mkdtempSync(join(tmpdir(), "creator-jobs-data-"));

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once("exit", () => resolve());
  });

/**
 * Starts the production server on `database` (a PGlite folder, or a PostgreSQL URL) and waits
 * until it answers. It trusts X-Forwarded-For (tests send many clients from one machine) and
 * the Auth emulator's tokens, and seeds nothing.
 */
export async function startServer(options: {
  database: { dataDir: string } | { url: string };
  env?: Record<string, string>;
}): Promise<RunningServer> {
  if (!existsSync(join(ROOT, ".next", "BUILD_ID"))) {
    throw new Error("These tests run the production build: run `npm run build` first.");
  }
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    SEED_SAMPLE_DATA: "false",
    TRUST_PROXY: "true",
    FIREBASE_AUTH_EMULATOR_HOST: AUTH_EMULATOR_HOST,
    ...("dataDir" in options.database
      ? { DATA_DIR: options.database.dataDir, DATABASE_URL: "" }
      : { DATABASE_URL: options.database.url }),
    ...options.env,
  };
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/server.ts"], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));

  for (let waited = 0; ; waited += 250) {
    if (child.exitCode !== null) throw new Error(`The server exited:\n${output}`);
    if (waited > 120_000) throw new Error(`The server did not answer in 2 minutes:\n${output}`);
    const up = await fetch(`${url}/api/openapi.json`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) break;
    await sleep(250);
  }
  return {
    url,
    process: child,
    output: () => output,
    stop: async () => {
      child.kill("SIGTERM");
      await exited(child);
    },
    kill: async () => {
      child.kill("SIGKILL");
      await exited(child);
    },
  };
}

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
    // Ordered by the whole row, so equal tables give equal snapshots.
    snapshot[table] = await rowsOf(sql.raw(`select * from "${table}" t order by t::text`));
  }
  return snapshot;
}
