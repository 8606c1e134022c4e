// @vitest-environment node
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { SourceJson, SourcePreview } from "@/features/imports/schemas";
import { serveBoard, type FixtureJob } from "@/tests/support/ats-fixtures";
import { startAtsServer, type AtsServer } from "@/tests/support/ats-server";
import { bearer, googleIdToken } from "@/tests/support/auth";
import { validSubmission } from "@/tests/fixtures/job-submission";
import { startServer, type RunningServer } from "@/tests/server/harness";
import { templateDataDir } from "@/tests/support/database";

/*
 * The production server reading an ATS's board (issue 60), on the embedded database where the
 * whole site is one process: its worker thread is the build's dist/board-worker.mjs, started by
 * a preview (an API route, bundled by Next.js) and by the queue's sync (dist/server.js, bundled
 * by esbuild).
 */

let ats: AtsServer;
let server: RunningServer;
let token: string;

beforeAll(async () => {
  ats = await startAtsServer();
  server = await startServer({
    database: { dataDir: await templateDataDir() },
    env: { ATS_API_URL: ats.origin, RECAPTCHA_SECRET_KEY: "", LOG_LEVEL: "warn" },
  });
  const id = randomBytes(6).toString("hex");
  token = await googleIdToken({
    sub: `importer-${id}`,
    email: `importer-${id}@example.com`,
    name: "Importer",
  });
}, 180_000);

afterAll(async () => {
  await server?.stop();
  await ats?.close();
});

const call = (method: string, path: string, body?: unknown) =>
  fetch(`${server.url}${path}`, {
    method,
    headers: { ...bearer(token), "content-type": "application/json" },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  }).then(async (response) => ({ status: response.status, body: await response.json() }));

const jobs: FixtureJob[] = Array.from({ length: 30 }, (_, i) => ({
  id: String(5_000_000 + i),
  title: `Video Editor ${i}`,
  department: "Creative",
  location: "London, UK",
  country: "GB",
  type: "Full-time",
  description: `<p>${"You will edit long videos and cut shorts for every platform. ".repeat(5)}</p>`,
}));

describe("an ATS's board, on the production server", () => {
  it("is previewed, connected and imported by the build's worker thread", async () => {
    const posted = await call("POST", "/api/listings", {
      ...validSubmission(),
      plan: "standard",
    });
    expect(posted.status).toBe(201);
    serveBoard(ats, "greenhouse", "studio", jobs);

    const preview = await call("POST", "/api/company/imports/preview", {
      ats: "greenhouse",
      board: "studio",
    });
    expect(preview.status).toBe(200);
    expect(preview.body as SourcePreview).toMatchObject({ total: 30, importable: 30 });

    const connected = await call("POST", "/api/company/imports", {
      ats: "greenhouse",
      board: "studio",
    });
    expect(connected.status).toBe(201);
    // Its first run is queued at once, and run by the server's own queue worker.
    await vi.waitFor(
      async () => {
        const { body } = await call("GET", "/api/company/imports");
        const [source] = (body as { sources: SourceJson[] }).sources;
        expect(source?.last_report).toMatchObject({ added: 30 });
      },
      { timeout: 60_000, interval: 500 },
    );
  }, 120_000);
});
