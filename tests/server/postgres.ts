import { execFileSync } from "node:child_process";
import { chmodSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "@/tests/server/harness";

/*
 * A PostgreSQL server of a test's own, which the test may stop and start again (the one CI's
 * tests share must not go away under them). Debian's PostgreSQL, run as the postgres user when
 * the tests run as root, as scripts/with-postgres.sh does.
 */

export type OwnPostgres = {
  url: string;
  stop: () => void;
  start: () => void;
  destroy: () => void;
};

function binaries(): string {
  const versions = readdirSync("/usr/lib/postgresql").sort((a, b) => Number(b) - Number(a));
  if (versions.length === 0)
    throw new Error("PostgreSQL is not installed (apt-get install postgresql)");
  return `/usr/lib/postgresql/${versions[0]}/bin`;
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const bin = binaries();
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), "creator-jobs-own-pg-"));
  chmodSync(dir, 0o755);
  const root = process.getuid?.() === 0;
  if (root) execFileSync("chown", ["postgres", dir]);
  const run = (program: string, args: string[]) =>
    execFileSync(
      root ? "runuser" : join(bin, program),
      root ? ["-u", "postgres", "--", join(bin, program), ...args] : args,
      {
        stdio: "pipe",
      },
    );
  const data = join(dir, "data");
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off`;
  run("initdb", ["-D", data, "-U", "postgres", "-A", "trust"]);
  const start = () =>
    run("pg_ctl", ["-D", data, "-l", join(dir, "log"), "-w", "-o", options, "start"]);
  // Fast: sessions are ended at once, as when a server goes down for maintenance.
  const stop = () => run("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
  start();
  run("psql", [
    "-h",
    "127.0.0.1",
    "-p",
    String(port),
    "-U",
    "postgres",
    "-qc",
    "create database app",
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/app`,
    stop,
    start,
    destroy: () => {
      try {
        run("pg_ctl", ["-D", data, "-m", "immediate", "stop"]);
      } catch {
        // Already stopped.
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
