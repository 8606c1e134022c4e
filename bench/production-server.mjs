// The production server (dist/server.js, from `npm run build`) for a benchmark: started on its
// own port with `env` added to this process's, stopped when the benchmark exits.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

/**
 * `npm start` as package.json says it (its environment settings, node's flags and the entry), so
 * that a benchmark measures the server as it is deployed: e.g.
 * `MALLOC_ARENA_MAX=2 … bash scripts/with-node.sh node --max-semi-space-size=16 … dist/server.js`.
 */
export function startCommand() {
  const { scripts } = JSON.parse(readFileSync("package.json", "utf8"));
  const words = scripts.start.trim().split(/\s+/);
  const env = {};
  while (/^[A-Z_]+=/.test(words[0])) {
    const [name, ...value] = words.shift().split("=");
    env[name] = value.join("=");
  }
  // Through the pinned Node (scripts/with-node.sh); here the caller's own node stands for it
  // (process.execPath: the benchmarks and tests run on the pinned Node themselves).
  if (words[0] === "bash" && words[1] === "scripts/with-node.sh") words.splice(0, 2);
  if (words.shift() !== "node") throw new Error(`npm start should run node: ${scripts.start}`);
  return { env, args: words };
}

/**
 * Starts the server and resolves with its origin once `probe` (a path) answers 200, its process
 * id, and `stop`, which resolves once it has exited. With `onStderrLine`, each line the server
 * writes to stderr goes to it (which passes on what it does not want) instead of straight through.
 */
export async function startProductionServer({
  port,
  env = {},
  probe = "/",
  minutes = 5,
  onStderrLine,
}) {
  const origin = `http://127.0.0.1:${port}`;
  const start = startCommand();
  const server = spawn(process.execPath, start.args, {
    env: { ...process.env, ...start.env, HOST: "127.0.0.1", PORT: String(port), ...env },
    stdio: ["ignore", "ignore", onStderrLine ? "pipe" : "inherit"],
    detached: true,
  });
  if (onStderrLine) createInterface({ input: server.stderr }).on("line", onStderrLine);
  const exited = new Promise((resolve) => server.once("exit", resolve));
  const signal = () => {
    try {
      process.kill(-server.pid, "SIGTERM");
    } catch {}
  };
  process.on("exit", signal);
  // SIGTERM, then wait until requests in flight are done and the server has exited (so that a
  // wrapper such as with-postgres.sh stops the database only after it).
  const stop = async () => {
    signal();
    await Promise.race([exited, sleep(30_000)]);
  };
  for (let i = 0; ; i++) {
    if (i > minutes * 120) throw new Error(`the server did not start in ${minutes} minutes`);
    const up = await fetch(origin + probe).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return { origin, stop, pid: server.pid };
    await sleep(500);
  }
}

/**
 * Runs `run(server)` against the server started in folders of its own, deleted afterwards: its
 * logos and CVs, and on the embedded default (no DATABASE_URL) PGlite's data folder, seeded on
 * start. `env` is added to those; `prepare(env)` runs before the start (e.g. seeding PostgreSQL
 * with the same folders).
 */
export async function withScratchServer(
  { port, prefix, env = {}, prepare, minutes = 10, onStderrLine },
  run,
) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const serverEnv = {
    ...(process.env.DATABASE_URL ? {} : { DATA_DIR: join(dir, "pglite") }),
    LOGO_DIR: join(dir, "logos"),
    LOG_LEVEL: "warn",
    ...env,
  };
  try {
    await prepare?.(serverEnv);
    const server = await startProductionServer({ port, env: serverEnv, minutes, onStderrLine });
    try {
      return await run(server);
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The fields of /proc/<pid>/stat after the command (which may hold spaces and parentheses). */
function statFields(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
}

/** The process ids whose parent is `pid`. */
export function childrenOf(pid) {
  const children = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (Number(statFields(entry)[1]) === pid) children.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return children;
}

/** The CPU milliseconds (user and system) the processes have used so far, from /proc. */
export function cpuMs(pids) {
  const ticksPerSecond = 100; // USER_HZ on Linux
  let ticks = 0;
  for (const pid of pids) {
    try {
      const fields = statFields(pid);
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // gone meanwhile
    }
  }
  return (ticks * 1000) / ticksPerSecond;
}

/** A process's resident set (RSS) in MB, from /proc; null once it is gone. */
export function rssMb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? NaN) / 1024;
  } catch {
    return null;
  }
}

/** A numeric command-line option, `--name value`. */
export function numberArg(name, fallback) {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
}

/**
 * Prints `results` ({ name, rps, p99, errors }) as a table, each rate also as its ratio to the
 * first row's (the static file measured in the same run).
 */
export function printResults(results) {
  const base = results[0].rps;
  const row = (...cells) =>
    console.log(
      cells[0].padEnd(32),
      ...cells.slice(1).map((cell, i) => cell.padStart([8, 10, 8, 7][i])),
    );
  row("target", "req/s", "vs static", "p99 ms", "errors");
  for (const r of results) {
    row(r.name, r.rps.toFixed(0), (r.rps / base).toFixed(3), String(r.p99), String(r.errors));
  }
}
