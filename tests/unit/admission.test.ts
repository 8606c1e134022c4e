import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { admissionGate, type AdmissionOptions } from "@/lib/server/http/admission";

/*
 * Renders take turns, first come first served (lib/server/http/admission.ts), on a real HTTP
 * server: each request's handler is held open until the test lets it finish, so what runs at
 * once and in which order is what the test sees.
 */

type Started = { path: string; finish: () => void; fail: () => void };

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

async function gatedServer(options: AdmissionOptions) {
  const gate = admissionGate(options);
  const started: Started[] = [];
  server = createServer((req, res) => {
    void gate(req, res, () => {
      return new Promise<void>((resolve, reject) => {
        started.push({
          path: req.url ?? "",
          finish: () => {
            res.end(req.url);
            resolve();
          },
          fail: () => reject(new Error("render failed")),
        });
      });
    }).catch(() => {
      res.statusCode = 500;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  /** Sends a request; resolves with its status and body (or "gone" if aborted). */
  const send = (path: string, method = "GET", signal?: AbortSignal) =>
    new Promise<{ status: number; body: string; headers: Record<string, unknown> }>((resolve) => {
      const req = request({ host: "127.0.0.1", port, path, method, signal, agent: false });
      req.on("response", (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
      });
      req.on("error", () => resolve({ status: 0, body: "gone", headers: {} }));
      req.end();
    });
  const waitForStarted = (count: number) =>
    vi.waitFor(() => expect(started.length).toBeGreaterThanOrEqual(count), { timeout: 5_000 });
  return { gate, started, send, waitForStarted };
}

const bounds = { maxWaiting: 100, holdMs: 60_000 };

describe("the admission gate", () => {
  it("runs at most `limit` renders at once and starts the others in the order they came", async () => {
    const { gate, started, send, waitForStarted } = await gatedServer({ limit: 2, ...bounds });
    const answers = [send("/a"), send("/b")];
    await waitForStarted(2);
    for (const path of ["/c", "/d", "/e"]) {
      answers.push(send(path));
      await vi.waitFor(() => expect(gate.state().waiting).toBe(answers.length - 2));
    }
    expect(started.map(({ path }) => path)).toEqual(["/a", "/b"]);
    started[1]!.finish();
    await waitForStarted(3);
    expect(started.map(({ path }) => path)).toEqual(["/a", "/b", "/c"]);
    started[0]!.finish();
    await waitForStarted(4);
    started[2]!.finish();
    await waitForStarted(5);
    expect(started.map(({ path }) => path)).toEqual(["/a", "/b", "/c", "/d", "/e"]);
    started[3]!.finish();
    started[4]!.finish();
    expect((await Promise.all(answers)).map(({ body }) => body)).toEqual([
      "/a",
      "/b",
      "/c",
      "/d",
      "/e",
    ]);
    expect(gate.state()).toEqual({ running: 0, waiting: 0 });
  });

  it("lets a POST and the build's files through while every turn is taken", async () => {
    const { gate, started, send, waitForStarted } = await gatedServer({ limit: 1, ...bounds });
    void send("/page");
    await waitForStarted(1);
    void send("/api/applications", "POST");
    void send("/_next/static/chunks/app.js");
    await waitForStarted(3);
    expect(started.map(({ path }) => path).sort()).toEqual([
      "/_next/static/chunks/app.js",
      "/api/applications",
      "/page",
    ]);
    expect(gate.state()).toEqual({ running: 1, waiting: 0 });
    for (const one of started) one.finish();
  });

  it("does not render for a client that left while it waited", async () => {
    const { gate, started, send, waitForStarted } = await gatedServer({ limit: 1, ...bounds });
    void send("/first");
    await waitForStarted(1);
    const leaving = new AbortController();
    const gone = send("/left", "GET", leaving.signal);
    const staying = send("/stayed");
    await vi.waitFor(() => expect(gate.state().waiting).toBe(2));
    leaving.abort();
    expect((await gone).body).toBe("gone");
    await vi.waitFor(() => expect(gate.state().waiting).toBe(1));
    started[0]!.finish();
    await waitForStarted(2);
    expect(started.map(({ path }) => path)).toEqual(["/first", "/stayed"]);
    started[1]!.finish();
    expect((await staying).body).toBe("/stayed");
    expect(gate.state()).toEqual({ running: 0, waiting: 0 });
  });

  it("gives the turn to the next request when a render holds it past holdMs, or fails", async () => {
    const { gate, started, send, waitForStarted } = await gatedServer({
      limit: 1,
      maxWaiting: 100,
      holdMs: 200,
    });
    void send("/slow");
    await waitForStarted(1);
    const failing = send("/failing");
    const after = send("/after");
    // /slow never finishes by itself: its turn goes after 200 ms, and /failing starts.
    await waitForStarted(2);
    expect(started[1]!.path).toBe("/failing");
    started[1]!.fail();
    expect((await failing).status).toBe(500);
    await waitForStarted(3);
    started[2]!.finish();
    expect((await after).body).toBe("/after");
    started[0]!.finish();
    await vi.waitFor(() => expect(gate.state()).toEqual({ running: 0, waiting: 0 }));
  });

  it("answers 503 with Retry-After, rendering nothing, once maxWaiting are waiting", async () => {
    const { gate, started, send, waitForStarted } = await gatedServer({
      limit: 1,
      maxWaiting: 2,
      holdMs: 60_000,
    });
    void send("/running");
    await waitForStarted(1);
    const queued = [send("/one"), send("/two")];
    await vi.waitFor(() => expect(gate.state().waiting).toBe(2));
    const refused = await send("/three");
    expect(refused.status).toBe(503);
    expect(refused.headers["retry-after"]).toBe("5");
    expect(refused.headers["cache-control"]).toContain("no-store");
    expect(JSON.parse(refused.body)).toMatchObject({ code: "unavailable" });
    started[0]!.finish();
    await waitForStarted(2);
    started[1]!.finish();
    await waitForStarted(3);
    started[2]!.finish();
    expect((await Promise.all(queued)).map(({ body }) => body)).toEqual(["/one", "/two"]);
    expect(started.map(({ path }) => path)).toEqual(["/running", "/one", "/two"]);
  });

  it("runs everything at once with a limit of 0", async () => {
    const { gate, started, send, waitForStarted } = await gatedServer({ limit: 0, ...bounds });
    for (const path of ["/1", "/2", "/3", "/4", "/5"]) void send(path);
    await waitForStarted(5);
    expect(gate.state()).toEqual({ running: 0, waiting: 0 });
    for (const one of started) one.finish();
  });
});
