// @vitest-environment node
import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, describe, expect, it } from "vitest";
import { connectPostgres } from "@/lib/server/db/client";
import { connectPglite } from "@/lib/server/db/pglite-client";
import { enquiries } from "@/lib/server/db/schema";
import { bearer, googleIdToken } from "@/tests/support/auth";
import { insertCompany, insertJob } from "@/tests/db/fixtures";
import { startServer, type RunningServer } from "@/tests/server/harness";
import { templateDataDir } from "@/tests/support/database";
import { startOwnPostgres, type OwnPostgres } from "@/tests/server/postgres";
import { validEnquiry } from "@/tests/fixtures/enquiry";

/*
 * The production server when its database fails under it: PostgreSQL stopped mid-run, and the
 * server itself killed mid-write on the embedded database.
 */

const servers: RunningServer[] = [];
let postgres: OwnPostgres | undefined;

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  postgres?.destroy();
});

const fresh = () => randomBytes(6).toString("hex");
let clientsSeen = 0;
/** A new client for each request: rate limits count per address. */
const address = () => {
  clientsSeen += 1;
  return `10.9.${(clientsSeen >> 8) & 255}.${clientsSeen & 255}`;
};

async function get(server: RunningServer, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(server.url + path, {
    headers: { "x-forwarded-for": address(), ...headers },
  });
  return { status: response.status, type: response.headers.get("content-type") ?? "", response };
}

describe("PostgreSQL stopped mid-run", () => {
  it("answers 503 (JSON for the API, a page for pages) and recovers by itself", async () => {
    postgres = await startOwnPostgres();
    const setup = connectPostgres(postgres.url);
    await setup.migrate();
    const company = await insertCompany(setup.db, "outage", "Outage Studio");
    await insertJob(setup.db, {
      title: "Video Editor",
      companyId: company.id,
      publishedAt: new Date(Date.now() - 3_600_000),
      expiresAt: new Date(Date.now() + 30 * 86_400_000),
    });
    await setup.close();
    const server = await startServer({ database: { url: postgres.url } });
    servers.push(server);
    const token = await googleIdToken({
      sub: `outage-${fresh()}`,
      email: `outage-${fresh()}@example.com`,
      name: "Olu",
    });
    const asUser = bearer(token);

    // Every request asks something new, so no cached answer stands in for the database.
    expect((await get(server, `/api/jobs?q=${fresh()}`)).status).toBe(200);
    expect((await get(server, "/api/current_user", asUser)).status).toBe(200);
    expect((await get(server, `/departments/design?q=${fresh()}`)).status).toBe(200);

    postgres.stop();

    for (const [path, headers] of [
      [`/api/jobs?q=${fresh()}`, {}],
      ["/api/current_user", asUser],
      ["/api/saved_jobs", asUser],
    ] as const) {
      const answer = await get(server, path, headers);
      expect(answer.status, path).toBe(503);
      expect(answer.type).toMatch(/^application\/json/);
      expect(answer.response.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(await answer.response.json()).toMatchObject({ code: "unavailable" });
    }
    const sent = await fetch(`${server.url}/api/enquiries`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": address() },
      body: JSON.stringify(validEnquiry()),
    });
    expect(sent.status).toBe(503);
    const page = await get(server, `/departments/design?q=${fresh()}`);
    expect(page.status).toBe(503);
    expect(page.type).toMatch(/^text\/html/);
    const html = await page.response.text();
    expect(html).toContain("Back in a moment");
    expect(html).toContain("Try again");

    postgres.start();
    let recovered = 0;
    for (let waited = 0; waited < 30_000; waited += 500) {
      recovered = (await get(server, `/api/jobs?q=${fresh()}`)).status;
      if (recovered === 200) break;
      await sleep(500);
    }
    expect(recovered).toBe(200);
    expect((await get(server, "/api/current_user", asUser)).status).toBe(200);
    expect((await get(server, `/departments/design?q=${fresh()}`)).status).toBe(200);
  }, 180_000);
});

describe("the embedded database killed during a burst of writes", () => {
  it("opens again with every write that was answered 2xx", async () => {
    const dataDir = await templateDataDir();

    const server = await startServer({ database: { dataDir } });
    const acknowledged: number[] = [];
    let killed = false;
    const post = async () => {
      const response = await fetch(`${server.url}/api/enquiries`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": address() },
        body: JSON.stringify(validEnquiry()),
      });
      if (response.status === 201)
        acknowledged.push(((await response.json()) as { id: number }).id);
    };
    // Eight clients write as fast as they can; the server dies while they are at it.
    const clients = Array.from({ length: 8 }, async () => {
      while (!killed) await post().catch(() => undefined);
    });
    while (acknowledged.length < 60) await sleep(5);
    killed = true;
    await server.kill();
    await Promise.all(clients);
    expect(acknowledged.length).toBeGreaterThanOrEqual(60);

    const again = await startServer({ database: { dataDir } });
    servers.push(again);
    expect((await get(again, "/api/jobs")).status).toBe(200);
    const after = await fetch(`${again.url}/api/enquiries`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": address() },
      body: JSON.stringify(validEnquiry()),
    });
    expect(after.status).toBe(201);
    await again.stop();
    servers.pop();

    const reopened = connectPglite(dataDir);
    try {
      const stored = new Set(
        (await reopened.db.select({ id: enquiries.id }).from(enquiries)).map((row) => row.id),
      );
      const lost = acknowledged.filter((id) => !stored.has(id));
      console.log(
        `Killed with SIGKILL after ${acknowledged.length} acknowledged writes; ${stored.size} rows after restart, ${lost.length} acknowledged ones lost.`,
      );
      expect(lost).toEqual([]);
    } finally {
      await reopened.close();
    }
  }, 240_000);
});
