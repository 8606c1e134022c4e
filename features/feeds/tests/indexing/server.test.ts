// @vitest-environment node
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectPglite } from "@/lib/server/db/pglite-client";
import { users } from "@/lib/server/db/schema";
import { bearer, googleIdToken } from "@/tests/support/auth";
import { insertCompany, insertJob } from "@/tests/db/fixtures";
import { startServer, type RunningServer } from "@/tests/server/harness";
import { templateDataDir } from "@/tests/support/database";

/*
 * Issue 16's done-when, on the production server as it is deployed (dist/server.js over the
 * production build, its queue worker in the same process): a job a moderator approves reaches a
 * local IndexNow endpoint within a minute, and the key file it names is served.
 */

const run = Math.random().toString(36).slice(2, 8);
const MODERATOR_EMAIL = `moderator-${run}@creatorjobs.example`;
const KEY = `serverkey${run}0123456789`;
const received: { urlList: string[]; key: string; keyLocation: string }[] = [];
let endpoint: Server;
let server: RunningServer;
let pendingJobId: number;
let pendingSlug: string;

beforeAll(async () => {
  endpoint = createServer((req, res) => {
    let text = "";
    req.on("data", (chunk: Buffer) => (text += chunk.toString()));
    req.on("end", () => {
      received.push(JSON.parse(text) as (typeof received)[number]);
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => endpoint.listen(0, "127.0.0.1", resolve));
  const endpointUrl = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/indexnow`;

  const dataDir = await templateDataDir();
  const handle = connectPglite(dataDir);
  const company = await insertCompany(handle.db, `server-indexing-${run}`, "Server Indexing");
  const [employer] = await handle.db
    .insert(users)
    .values({ firebaseUid: `employer-${run}`, email: `employer-${run}@studio.example` })
    .returning();
  const job = await insertJob(handle.db, {
    title: "Announced Editor",
    companyId: company.id,
    status: "pending",
    submittedBy: employer!.id,
  });
  pendingJobId = job.id;
  pendingSlug = job.slug;
  // PGlite's folder has one owner: the server, while it runs.
  await handle.close();

  server = await startServer({
    database: { dataDir },
    env: { ADMIN_EMAILS: MODERATOR_EMAIL, INDEXNOW_KEY: KEY, INDEXNOW_ENDPOINT: endpointUrl },
  });
}, 180_000);

afterAll(async () => {
  await server?.stop();
  await new Promise((resolve) => endpoint?.close(resolve));
});

describe("the production server", () => {
  it("serves the IndexNow key file", async () => {
    const response = await fetch(`${server.url}/indexnow-key.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(await response.text()).toBe(KEY);
  });

  it("tells IndexNow of a newly approved job within a minute", async () => {
    const token = await googleIdToken({ sub: `mod-${run}`, email: MODERATOR_EMAIL, name: "Mo" });
    const approved = await fetch(`${server.url}/api/moderation/review/${pendingJobId}`, {
      method: "POST",
      headers: { ...bearer(token), "content-type": "application/json" },
      body: JSON.stringify({ decision: "approve" }),
    });
    expect(approved.status).toBe(200);
    const approvedAt = Date.now();

    const page = `/jobs/${pendingJobId}-${pendingSlug}`;
    const sent = () => received.find((body) => body.urlList.some((url) => url.endsWith(page)));
    while (!sent() && Date.now() - approvedAt < 60_000) await sleep(100);
    expect(sent(), `Not received within a minute:\n${server.output()}`).toBeDefined();
    const body = sent()!;
    expect(body.key).toBe(KEY);
    expect(body.keyLocation).toMatch(/\/indexnow-key\.txt$/);
    expect(body.urlList).toHaveLength(1);
  }, 90_000);
});
