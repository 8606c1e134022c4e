// @vitest-environment node
import type { Employer } from "@/lib/server/auth/employer";
import { asEmployer } from "@/tests/support/teams";
import { generateKeyPairSync } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { eq, sql } from "drizzle-orm";
import { importSPKI, jwtVerify } from "jose";
import type { GetServerSidePropsContext } from "next";
import type { PgBoss } from "pg-boss";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { jobs, users, type Job, type User } from "@/lib/server/db/schema";
import { readServerEnv } from "@/lib/server/env";
import { INDEXING_SCOPE } from "@/features/feeds/server/google";
import { queueSearchEngineNotices, searchEngineQueue } from "@/features/feeds/server/enqueue";
import {
  closeListing,
  editListing,
  listingFieldsOf,
} from "@/features/listings/server/manage-listings";
import { getQueue, QUEUES } from "@/lib/server/queue/queue";
import { runOnce, startWorkers, type OnceSummary } from "@/lib/server/worker/worker";
import { TASK_HANDLERS } from "@/lib/server/worker/tasks";
import takedownHandler from "@/pages/api/moderation/listings/[listingId]/takedown";
import moderationHandler from "@/pages/api/moderation/review/[listingId]";
import { getServerSideProps as keyFileProps } from "@/pages/indexnow-key.txt";
import { callApi } from "@/tests/api/call";
import { bearer, googleIdToken } from "@/tests/support/auth";
import { setUpTestDatabase } from "@/tests/support/database";
import { insertCompany, insertJob } from "@/tests/db/fixtures";

/*
 * Telling search engines of job pages, on the real database, the real queue and real HTTP
 * servers standing in for IndexNow and for Google (its token endpoint and Indexing API): what a
 * moderator's approval, an employer's edit or closing, a takedown and an expiry queue is sent by
 * the worker, once per change, and again when the engine failed.
 */

type Received = { path: string; headers: IncomingHttpHeaders; body: unknown };

/** A local HTTP server that records what it is sent and answers `respond(path)`'s status. */
async function startEndpoint(respond: (received: Received) => { status: number; body?: unknown }) {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let text = "";
    req.on("data", (chunk: Buffer) => (text += chunk.toString()));
    req.on("end", () => {
      const type = req.headers["content-type"] ?? "";
      const body = type.startsWith("application/json")
        ? (JSON.parse(text) as unknown)
        : Object.fromEntries(new URLSearchParams(text));
      const entry = { path: req.url ?? "", headers: req.headers, body };
      received.push(entry);
      const answer = respond(entry);
      res.writeHead(answer.status, { "content-type": "application/json" });
      res.end(JSON.stringify(answer.body ?? {}));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { server, url, received };
}

const handle = setUpTestDatabase();
let boss: PgBoss;
let indexNow: Awaited<ReturnType<typeof startEndpoint>>;
let indexNowStatus = 200;
const servers: Server[] = [];
const run = Math.random().toString(36).slice(2, 8);
const KEY = `key${run}0123456789abcdef`;
const MODERATOR_EMAIL = `moderator-${run}@creatorjobs.example`;
const site = () => process.env.NEXT_PUBLIC_SITE_URL!.replace(/\/$/, "");
let employer: User;
let caller: Employer;
let companyId: number;
let moderatorToken: string;

beforeAll(async () => {
  // Retries a second after a failure (doubling), not half a minute: the test waits for one.
  boss = await getQueue(handle, { retryDelaySeconds: 1 });
  indexNow = await startEndpoint(() => ({ status: indexNowStatus }));
  servers.push(indexNow.server);
  vi.stubEnv("INDEXNOW_KEY", KEY);
  vi.stubEnv("INDEXNOW_ENDPOINT", `${indexNow.url}/indexnow`);
  vi.stubEnv("ADMIN_EMAILS", MODERATOR_EMAIL);
  const [inserted] = await handle.db
    .insert(users)
    .values({ firebaseUid: `employer-${run}`, email: `employer-${run}@studio.example` })
    .returning();
  employer = inserted!;
  companyId = (await insertCompany(handle.db, `indexing-${run}`, "Indexing Studio")).id;
  caller = await asEmployer(handle.db, companyId, employer);
  moderatorToken = await googleIdToken({ sub: `mod-${run}`, email: MODERATOR_EMAIL, name: "Mo" });
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

beforeEach(() => {
  indexNowStatus = 200;
});

const drain = (): Promise<OnceSummary> => runOnce(handle, boss);

/** How many IndexNow requests named `url`. */
const timesSent = (url: string) =>
  indexNow.received.filter((entry) => (entry.body as { urlList: string[] }).urlList.includes(url))
    .length;

/** How many IndexNow requests named the job's page, whatever its slug then. */
const timesSentOf = (jobId: number) =>
  indexNow.received.filter((entry) =>
    (entry.body as { urlList: string[] }).urlList.some((url) =>
      url.startsWith(`${site()}/jobs/${jobId}-`),
    ),
  ).length;

const pageOf = (job: Pick<Job, "id" | "slug">) => `${site()}/jobs/${job.id}-${job.slug}`;

const pendingJob = (title: string) =>
  insertJob(handle.db, { title, companyId, status: "pending", submittedBy: employer.id });

async function approve(jobId: number) {
  const answer = await callApi(moderationHandler, {
    method: "POST",
    params: { listingId: String(jobId) },
    headers: bearer(moderatorToken),
    body: { decision: "approve" },
  });
  expect(answer.status).toBe(200);
}

const current = async (jobId: number) =>
  (await handle.db.select().from(jobs).where(eq(jobs.id, jobId)))[0]!;

describe("IndexNow", () => {
  it("is told of a newly approved job's page, with the site's key and key file", async () => {
    const job = await pendingJob("Indexed Editor");
    const before = indexNow.received.length;
    await approve(job.id);
    // Queued with the approval, not sent by the request.
    expect(indexNow.received).toHaveLength(before);

    const summary = await drain();
    expect(summary.queues[QUEUES.searchEngines]).toEqual({ done: 1, failed: 0 });
    const sent = indexNow.received.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.path).toBe("/indexnow");
    expect(sent[0]!.headers["content-type"]).toMatch(/^application\/json/);
    expect(sent[0]!.body).toEqual({
      host: new URL(site()).host,
      key: KEY,
      keyLocation: `${site()}/indexnow-key.txt`,
      urlList: [pageOf(job)],
    });
    // Nothing is sent twice.
    await drain();
    expect(indexNow.received).toHaveLength(before + 1);
  });

  it("is told again of a change and of a closing, and once of a change queued twice", async () => {
    const pending = await pendingJob("Changing Editor");
    await approve(pending.id);
    await drain();
    const job = await current(pending.id);
    expect(timesSent(pageOf(job))).toBe(1);

    // A change of pay shows at once: a change to tell of.
    const { outcome, changed } = await editListing(handle.db, caller, job.id, {
      ...listingFieldsOf(job),
      salary_min: 50_000,
      salary_max: 60_000,
    });
    expect({ outcome, changed }).toEqual({ outcome: "updated", changed: true });
    // The same change queued once more (a caller retrying, say): the queue keeps one.
    await handle.db.transaction((tx) => queueSearchEngineNotices(boss, tx, [job.id]));
    expect((await drain()).queues[QUEUES.searchEngines]).toEqual({ done: 1, failed: 0 });
    expect(timesSentOf(job.id)).toBe(2);
    // Its page as it is now (the edit may have given it a new slug).
    const url = pageOf(await current(job.id));
    expect(indexNow.received.at(-1)!.body).toMatchObject({ urlList: [url] });

    // A later change is a new notice, even of the same page.
    await closeListing(handle.db, caller, job.id, "filled");
    await drain();
    expect(timesSentOf(job.id)).toBe(3);
    expect(indexNow.received.at(-1)!.body).toMatchObject({ urlList: [url] });
    await drain();
    expect(timesSentOf(job.id)).toBe(3);
  });

  it("is told of the jobs that expire", async () => {
    const job = await insertJob(handle.db, {
      title: "Expiring Editor",
      companyId,
      publishedAt: new Date(Date.now() - 30 * 86_400_000),
      expiresAt: new Date(Date.now() - 1000),
    });
    await TASK_HANDLERS["expire-jobs"]({ db: handle.db, boss, now: new Date(), data: {} });
    expect((await current(job.id)).status).toBe("expired");
    await drain();
    expect(timesSent(pageOf(job))).toBe(1);
  });

  it("that fails is tried again until it accepts", async () => {
    indexNowStatus = 500;
    const job = await pendingJob("Retried Editor");
    await approve(job.id);
    expect((await drain()).queues[QUEUES.searchEngines]).toEqual({ done: 0, failed: 1 });
    expect(timesSent(pageOf(job))).toBe(1);

    indexNowStatus = 200;
    // The retry is due a second after the failure: drain until it has run (bounded).
    let done = 0;
    for (let tries = 0; done === 0 && tries < 60; tries++) {
      await sleep(500);
      done = (await drain()).queues[QUEUES.searchEngines]?.done ?? 0;
    }
    expect(done).toBe(1);
    expect(timesSent(pageOf(job))).toBe(2);
    expect(indexNow.received.at(-1)!.body).toMatchObject({ key: KEY, urlList: [pageOf(job)] });
  });
});

describe("the IndexNow key file", () => {
  /** The page's answer, through a real HTTP response. */
  async function fetchKeyFile(): Promise<{ status: number; type: string | null; text: string }> {
    const server = createServer((req, res) => {
      void keyFileProps({
        req,
        res,
        query: {},
        resolvedUrl: req.url!,
      } as GetServerSidePropsContext).then((result) => {
        if ("notFound" in result && result.notFound) {
          res.statusCode = 404;
          res.end("Not found");
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      const response = await fetch(`http://127.0.0.1:${port}/indexnow-key.txt`);
      return {
        status: response.status,
        type: response.headers.get("content-type"),
        text: await response.text(),
      };
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  }

  it("answers the key as plain text, and is not found when no key is set", async () => {
    expect(await fetchKeyFile()).toEqual({
      status: 200,
      type: "text/plain; charset=utf-8",
      text: KEY,
    });
    vi.stubEnv("INDEXNOW_KEY", "");
    try {
      expect((await fetchKeyFile()).status).toBe(404);
    } finally {
      vi.stubEnv("INDEXNOW_KEY", KEY);
    }
  });

  it("takes only a key the protocol allows", () => {
    expect(() => readServerEnv({ INDEXNOW_KEY: "short" })).toThrow(/INDEXNOW_KEY/);
    expect(() => readServerEnv({ INDEXNOW_KEY: "not a key, spaces!" })).toThrow(/INDEXNOW_KEY/);
    expect(readServerEnv({ INDEXNOW_KEY: KEY }).INDEXNOW_ENDPOINT).toBe(
      "https://api.indexnow.org/indexnow",
    );
  });
});

describe("with no search engine configured", () => {
  it("queues nothing", async () => {
    vi.stubEnv("INDEXNOW_KEY", "");
    try {
      expect(await searchEngineQueue()).toBeNull();
      const job = await pendingJob("Quiet Editor");
      await approve(job.id);
      const queued = await handle.db.transaction((tx) =>
        queueSearchEngineNotices(boss, tx, [job.id]),
      );
      expect(queued).toBe(0);
      expect((await drain()).queues[QUEUES.searchEngines]).toBeUndefined();
      expect(timesSent(pageOf(job))).toBe(0);
    } finally {
      vi.stubEnv("INDEXNOW_KEY", KEY);
    }
  });
});

describe("Google's Indexing API", () => {
  const clientEmail = `indexing-${run}@project.iam.gserviceaccount.example`;
  const issued = `token-${run}`;
  /** The payloads of the assertions the token endpoint verified. */
  const assertions: Record<string, unknown>[] = [];
  const verifications: Promise<void>[] = [];
  let googleStatus = 200;
  let google: Awaited<ReturnType<typeof startEndpoint>>;
  const published = () => google.received.filter((entry) => entry.path !== "/token");

  beforeAll(async () => {
    const { publicKey, privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const verifyKey = await importSPKI(
      publicKey.export({ type: "spki", format: "pem" }).toString(),
      "RS256",
    );
    google = await startEndpoint((entry) => {
      if (entry.path === "/token") {
        const { grant_type, assertion } = entry.body as Record<string, string>;
        expect(grant_type).toBe("urn:ietf:params:oauth:grant-type:jwt-bearer");
        // Checked after the answer (jose verifies asynchronously); a bad assertion fails the test.
        verifications.push(
          jwtVerify(assertion!, verifyKey, {
            issuer: clientEmail,
            audience: `${google.url}/token`,
          }).then(({ payload }) => void assertions.push(payload)),
        );
        return { status: 200, body: { access_token: issued, expires_in: 3600 } };
      }
      if (entry.headers.authorization !== `Bearer ${issued}`) return { status: 401 };
      return { status: googleStatus };
    });
    servers.push(google.server);
    vi.stubEnv(
      "GOOGLE_INDEXING_SERVICE_ACCOUNT",
      JSON.stringify({
        type: "service_account",
        client_email: clientEmail,
        private_key: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
        token_uri: `${google.url}/token`,
      }),
    );
    vi.stubEnv("GOOGLE_INDEXING_ENDPOINT", `${google.url}/v3/urlNotifications:publish`);
  });

  afterAll(() => {
    vi.stubEnv("GOOGLE_INDEXING_SERVICE_ACCOUNT", "");
  });

  it("is told URL_UPDATED and URL_DELETED for job pages, with a service account's token", async () => {
    googleStatus = 200;
    const job = await pendingJob("Googled Editor");
    await approve(job.id);
    // Both engines: one notice each.
    expect((await drain()).queues[QUEUES.searchEngines]).toEqual({ done: 2, failed: 0 });

    const takedown = await callApi(takedownHandler, {
      method: "POST",
      params: { listingId: String(job.id) },
      headers: bearer(moderatorToken),
      body: { reason: "This listing breaks the board's rules on pay." },
    });
    expect(takedown.status).toBe(200);
    await drain();
    await Promise.all(verifications);

    expect(published().map((entry) => entry.body)).toEqual([
      { url: pageOf(job), type: "URL_UPDATED" },
      { url: pageOf(job), type: "URL_DELETED" },
    ]);
    expect(published().every((entry) => entry.path === "/v3/urlNotifications:publish")).toBe(true);
    // One token, kept for the second call.
    expect(assertions).toHaveLength(1);
    expect(assertions[0]).toMatchObject({ scope: INDEXING_SCOPE });
    expect(timesSent(pageOf(job))).toBe(2);
  });

  it("failing is retried by the worker without IndexNow being told twice", async () => {
    googleStatus = 503;
    const job = await pendingJob("Retried Googled Editor");
    const calls = () =>
      published().filter((entry) => (entry.body as { url: string }).url === pageOf(job));
    await approve(job.id);
    // The worker as the server runs it: each notice of a batch is settled on its own.
    const workers = await startWorkers(handle, boss);
    try {
      for (let tries = 0; calls().length === 0 && tries < 200; tries++) await sleep(100);
      expect(calls()).toHaveLength(1);
      expect(timesSent(pageOf(job))).toBe(1);

      googleStatus = 200;
      // Retried a second or so after the failure (bounded wait).
      for (let tries = 0; calls().length < 2 && tries < 300; tries++) await sleep(100);
      expect(calls()).toHaveLength(2);
    } finally {
      await workers.stop();
    }
    expect(timesSent(pageOf(job))).toBe(1);
    const [state] = await handle.db
      .execute<{ state: string }>(
        sql`select state from pgboss.job where name = ${QUEUES.searchEngines} and data->>'url' = ${pageOf(job)} and data->>'engine' = 'google'`,
      )
      .then((result) => (result as unknown as { rows: { state: string }[] }).rows);
    expect(state?.state).toBe("completed");
  });

  it("takes only a service account's JSON key", () => {
    expect(() => readServerEnv({ GOOGLE_INDEXING_SERVICE_ACCOUNT: "{not json" })).toThrow(
      /GOOGLE_INDEXING_SERVICE_ACCOUNT/,
    );
    expect(() =>
      readServerEnv({ GOOGLE_INDEXING_SERVICE_ACCOUNT: JSON.stringify({ client_email: "a" }) }),
    ).toThrow(/GOOGLE_INDEXING_SERVICE_ACCOUNT/);
  });
});
