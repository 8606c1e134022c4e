// @vitest-environment node
import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { connectPostgres } from "@/lib/server/db/client";
import { startServer, type RunningServer } from "@/tests/server/harness";
import { templateDataDir } from "@/tests/support/database";
import { startOwnPostgres, type OwnPostgres } from "@/tests/server/postgres";

/*
 * Health and readiness, as a load balancer asks them: /api/health answers 200 while the process
 * does, database or not; /api/ready answers 200 only while the database answers and every
 * migration is applied, and 503 (with Retry-After, naming the check) otherwise. And the request
 * log: one JSON line per request, with its id and without query strings.
 */

const servers: RunningServer[] = [];
let postgres: OwnPostgres | undefined;

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  postgres?.destroy();
});

async function ask(server: RunningServer, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(server.url + path, { headers });
  return {
    status: response.status,
    cacheControl: response.headers.get("cache-control"),
    retryAfter: response.headers.get("retry-after"),
    requestId: response.headers.get("x-request-id"),
    body: (await response.json()) as Record<string, unknown>,
  };
}

async function readyWithin(server: RunningServer, ms: number) {
  let status = 0;
  for (let waited = 0; waited < ms; waited += 250) {
    status = (await ask(server, "/api/ready")).status;
    if (status === 200) break;
    await sleep(250);
  }
  return status;
}

describe("health and readiness on PostgreSQL", () => {
  it("health answers throughout; ready follows the database and its migrations", async () => {
    postgres = await startOwnPostgres();
    const server = await startServer({ database: { url: postgres.url } });
    servers.push(server);

    const health = await ask(server, "/api/health");
    expect(health).toMatchObject({ status: 200, body: { status: "ok" } });
    expect(health.cacheControl).toContain("no-store");
    const ready = await ask(server, "/api/ready");
    expect(ready).toMatchObject({
      status: 200,
      body: { status: "ok", checks: { database: "ok", migrations: "ok" } },
    });
    expect(ready.cacheControl).toContain("no-store");

    postgres.stop();
    for (let i = 0; i < 3; i += 1) {
      expect((await ask(server, "/api/health")).status).toBe(200);
      const down = await ask(server, "/api/ready");
      expect(down.status).toBe(503);
      expect(down.retryAfter).toMatch(/^\d+$/);
      expect(down.cacheControl).toContain("no-store");
      expect(down.body).toMatchObject({
        code: "unavailable",
        error: expect.stringMatching(/database/),
      });
    }

    postgres.start();
    expect(await readyWithin(server, 30_000)).toBe(200);
    expect((await ask(server, "/api/health")).status).toBe(200);

    // A migration missing from the database (say, one restored from an older backup).
    const db = connectPostgres(postgres.url);
    try {
      await db.db.execute(
        sql`delete from drizzle.__drizzle_migrations
            where id = (select max(id) from drizzle.__drizzle_migrations)`,
      );
    } finally {
      await db.close();
    }
    const behind = await ask(server, "/api/ready");
    expect(behind).toMatchObject({
      status: 503,
      body: { code: "unavailable", error: expect.stringMatching(/1 migration is not applied/) },
    });
    expect(behind.retryAfter).toMatch(/^\d+$/);
    expect((await ask(server, "/api/health")).status).toBe(200);
  }, 180_000);
});

describe("memory given back when the server is quiet", () => {
  it("runs V8's memory-reducing collection, then trims malloc, once no request has been in flight for a while", async () => {
    const dataDir = await templateDataDir();
    // Started as `npm start` starts it (the harness takes its flags): with --expose-gc.
    const server = await startServer({ database: { dataDir }, env: { LOG_LEVEL: "debug" } });
    servers.push(server);
    expect((await ask(server, "/api/jobs")).status).toBe(200);
    await server.waitForOutput(/"msg":"Quiet: memory collected"/);
    const line = server
      .output()
      .split("\n")
      .find((text) => text.includes('"msg":"Quiet: memory collected"'));
    const collected = JSON.parse(line!) as {
      rssMbBefore: number;
      rssMbAfter: number;
      trimmed: boolean;
    };
    expect(collected.rssMbAfter).toBeGreaterThan(0);
    // Then the freed malloc memory went back to the system (glibc's malloc_trim, through koffi).
    expect(collected.trimmed).toBe(process.platform === "linux");
    // The server answers as before once it has collected.
    expect((await ask(server, "/api/health")).status).toBe(200);
  }, 180_000);
});

describe("readiness and the request log on the embedded database", () => {
  it("runs one process, is ready, and logs each request once with its id and no query", async () => {
    const dataDir = await templateDataDir();
    // PGlite's folder has one owner: one process, whatever WEB_CONCURRENCY asks.
    const server = await startServer({ database: { dataDir }, env: { WEB_CONCURRENCY: "4" } });
    servers.push(server);
    expect(server.output()).toContain("WEB_CONCURRENCY is ignored on the embedded database");
    expect(server.output()).not.toContain("Worker listening");

    expect((await ask(server, "/api/ready")).status).toBe(200);
    const sent = await ask(server, "/api/jobs?q=someone%40example.com", {
      "x-request-id": "trace-42.a_b",
    });
    expect(sent.requestId).toBe("trace-42.a_b");
    const made = await ask(server, "/api/health", { "x-request-id": "not a sane id!" });
    expect(made.requestId).toMatch(/^[0-9a-f-]{36}$/);

    await server.waitForOutput(/"requestId":"trace-42\.a_b"/);
    await server.waitForOutput(new RegExp(`"requestId":"${made.requestId}"`));
    const lines = server
      .output()
      .split("\n")
      .filter((line) => line.includes('"msg":"request"'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.find((line) => line.requestId === "trace-42.a_b")).toMatchObject({
      level: "info",
      method: "GET",
      path: "/api/jobs",
      status: 200,
      ms: expect.any(Number),
    });
    expect(lines.filter((line) => line.requestId === made.requestId)).toHaveLength(1);
    expect(server.output()).not.toContain("someone");
    // Nothing but these: no address, header, user or query.
    const allowed = ["level", "time", "pid", "msg", "method", "path", "status", "ms"];
    for (const line of lines) {
      expect(
        Object.keys(line).filter((key) => ![...allowed, "requestId", "cache"].includes(key)),
      ).toEqual([]);
    }
  }, 120_000);
});
