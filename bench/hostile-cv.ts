// What a hostile CV costs the server, and everyone else on it: each PDF of
// tests/fixtures/hostile-pdfs.ts (and an honest CV for comparison) is uploaded with
// PUT /api/profile/cv while another client asks /api/health every 20 ms. Prints, per file: its
// size, the upload's status and time, and the health check's slowest and 95th-percentile
// answer during the upload, with the server's memory (RSS) after it. Exits 0.
//
// Usage: npx tsx bench/hostile-cv.ts
//   starts the Auth emulator (unless one runs) and dist/server.js (`npm run build` first) on
//   port 3475 over an empty embedded database in a temporary folder.
// Options: --port 3475 --runs 1 --settle 20 (seconds between the server's start and the first
// upload: on the embedded database, the job queue's first upkeep runs in the server's thread a
// few seconds after it starts and holds it for a few hundred ms, whatever else happens).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { googleIdToken } from "../tests/support/auth";
import { objectBombPdf } from "../tests/fixtures/hostile-pdfs";
import { onePagePdf } from "../tests/fixtures/pdf";
import startEmulator, { AUTH_EMULATOR_HOST } from "../tests/global-setup";
import { numberArg, rssMb, startProductionServer } from "./production-server.mjs";

const port = numberArg("port", 3475);
const runs = numberArg("runs", 1);
const settle = numberArg("settle", 20);

/*
 * The health checks come from a process of their own: in this one, building and sending the
 * files delays its own event loop, which would be counted against the server.
 */
const POLLER = `
const times = [];
let polling = true;
process.stdin.on("end", () => (polling = false)).resume();
(async () => {
  while (polling) {
    const started = performance.now();
    // A kept-alive connection the server closes as it is reused fails at once: once more on a
    // new one, the wait counted from the first try.
    const ask = () => fetch(process.argv[1]).then((r) => r.arrayBuffer().then(() => true), () => false);
    const up = (await ask()) || (await ask());
    times.push(up ? performance.now() - started : null);
    if (times.length === 1) process.stderr.write("ready\\n");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  process.stdout.write(JSON.stringify(times));
})();
`;

/** Asks `url` every 20 ms from another process until stopped; answers each wait (Infinity: none). */
function startHealthPoller(url: string) {
  const child = spawn(process.execPath, ["-e", POLLER, url], { stdio: ["pipe", "pipe", "pipe"] });
  let out = "";
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  const ready = new Promise<void>((resolve) => child.stderr.once("data", () => resolve()));
  const stop = async () => {
    child.stdin.end();
    await new Promise((resolve) => child.once("exit", resolve));
    return (JSON.parse(out) as (number | null)[]).map((time) => time ?? Infinity);
  };
  return { ready, stop };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

/** The server process's resident memory in MB, read from /proc. */
function rssOf(pid: number | undefined): string {
  if (!pid) return "?";
  const mb = rssMb(pid);
  return mb === null ? "exited" : `${Math.round(mb)}`;
}

async function main() {
  const stopEmulator = await startEmulator();
  const dataDir = mkdtempSync(join(tmpdir(), "bench-hostile-cv-"));
  const server = await startProductionServer({
    port,
    probe: "/api/health",
    env: {
      DATA_DIR: join(dataDir, "pglite"),
      LOGO_DIR: join(dataDir, "logos"),
      DATABASE_URL: "",
      SEED_SAMPLE_DATA: "false",
      FIREBASE_AUTH_EMULATOR_HOST: AUTH_EMULATOR_HOST,
      LOG_LEVEL: "warn",
    },
  });
  try {
    const { origin } = server;
    const token = await googleIdToken({
      sub: `bench-cv-${Date.now()}`,
      email: `bench-cv-${Date.now()}@people.example`,
      name: "Bench",
    });
    await new Promise((resolve) => setTimeout(resolve, settle * 1000));
    const files: [string, Buffer][] = [
      ["an honest one-page CV", await onePagePdf("An honest CV")],
      ["950,000 zeros (issue 40)", objectBombPdf(950_000)],
      ["12,000,000 zeros", objectBombPdf(12_000_000)],
      ["24,000,000 zeros", objectBombPdf(24_000_000)],
    ];
    const row = (...cells: string[]) =>
      console.log(cells[0]!.padEnd(26), ...cells.slice(1).map((cell) => cell.padStart(11)));
    row("file", "bytes", "status", "upload ms", "health max", "health p95", "RSS MB");
    for (let run = 0; run < runs; run += 1) {
      for (const [name, bytes] of files) {
        const poller = startHealthPoller(`${origin}/api/health`);
        await poller.ready;
        const started = performance.now();
        const status = await fetch(`${origin}/api/profile/cv?name=cv.pdf`, {
          method: "PUT",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/pdf" },
          body: new Uint8Array(bytes),
        }).then(
          async (answer) => {
            await answer.arrayBuffer();
            return String(answer.status);
          },
          (error: Error) =>
            `failed: ${(error.cause as Error | undefined)?.message ?? error.message}`,
        );
        const took = performance.now() - started;
        const health = await poller.stop();
        const alive = Number.isFinite(Math.max(...health));
        row(
          name,
          bytes.length.toLocaleString("en-US"),
          status,
          took.toFixed(0),
          alive ? Math.max(...health).toFixed(0) : "no answer",
          percentile(health, 95).toFixed(0),
          rssOf(server.pid),
        );
        if (!alive) {
          console.log("The server stopped answering: the files after this one were not sent.");
          return;
        }
      }
    }
  } finally {
    await server.stop();
    await stopEmulator?.();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

void main();
