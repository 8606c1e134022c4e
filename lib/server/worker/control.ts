import { createHash } from "node:crypto";
import { chmodSync, existsSync, unlinkSync } from "node:fs";
import { createServer, request, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { OnceSummary } from "./worker";

/*
 * On PGlite the data folder has one owner, the server; `npm run worker -- --once` must not open
 * it a second time. So a server on PGlite listens on a Unix socket beside its data folder, and
 * the command asks it to do the run. Only users who can write to the folder can connect: the
 * socket is the file system's to guard, with no token to leak.
 */

/** Where the server on `dataDir` listens (a socket path must stay under about 100 bytes). */
export function controlSocketPath(dataDir: string): string {
  const beside = `${resolve(dataDir)}.worker.sock`;
  if (beside.length <= 100) return beside;
  const hash = createHash("sha256").update(resolve(dataDir)).digest("hex").slice(0, 16);
  return join(tmpdir(), `creator-jobs-${hash}.sock`);
}

/** Serves `runOnce` on the data folder's socket; returns the server to close on shutdown. */
export async function serveControl(
  dataDir: string,
  runOnce: (options: { now: boolean }) => Promise<OnceSummary>,
): Promise<Server> {
  const path = controlSocketPath(dataDir);
  // A socket file left by a server that was killed: nobody answers on it, so it goes.
  if (existsSync(path) && !(await answers(path))) unlinkSync(path);
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (req.method !== "POST" || url.pathname !== "/run-once") {
      res.writeHead(404, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: "Unknown command" }));
      return;
    }
    runOnce({ now: url.searchParams.get("now") === "1" }).then(
      (summary) => {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify(summary));
      },
      (error: unknown) => {
        res.writeHead(500, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: error instanceof Error ? error.message : String(error) }));
      },
    );
  });
  await new Promise<void>((resolveListen, reject) => {
    server.once("error", reject);
    server.listen(path, () => resolveListen());
  });
  chmodSync(path, 0o600);
  return server;
}

/** Whether a server on `dataDir` answers on its socket. */
export async function serverRunsOn(dataDir: string): Promise<boolean> {
  const path = controlSocketPath(dataDir);
  return existsSync(path) && answers(path);
}

async function answers(path: string): Promise<boolean> {
  return new Promise((resolveAnswer) => {
    const probe = request({ socketPath: path, path: "/", method: "GET" }, (res) => {
      res.resume();
      resolveAnswer(true);
    });
    probe.on("error", () => resolveAnswer(false));
    probe.end();
  });
}

/**
 * Asks the server running on `dataDir` to run once. Null when no server runs there (no socket,
 * or nobody answers on it): then the caller may open the folder itself.
 */
export async function askRunningServer(
  dataDir: string,
  options: { now: boolean },
): Promise<OnceSummary | null> {
  const path = controlSocketPath(dataDir);
  if (!existsSync(path)) return null;
  return new Promise((resolveAnswer, reject) => {
    const call = request(
      { socketPath: path, path: `/run-once${options.now ? "?now=1" : ""}`, method: "POST" },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("end", () => {
          const answer = JSON.parse(body) as OnceSummary & { error?: string };
          if (res.statusCode === 200) resolveAnswer(answer);
          else reject(new Error(`The running server could not run the tasks: ${answer.error}`));
        });
      },
    );
    call.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ECONNREFUSED" || error.code === "ENOENT") resolveAnswer(null);
      else reject(error);
    });
    call.end();
  });
}
