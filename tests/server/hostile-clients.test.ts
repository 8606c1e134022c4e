// @vitest-environment node
import { randomBytes } from "node:crypto";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readServerEnv } from "@/lib/server/env";
import { clientTimeouts } from "@/lib/server/http/client-timeouts";
import { bearer, googleIdToken } from "@/tests/support/auth";
import { objectBombPdf } from "@/tests/fixtures/hostile-pdfs";
import { onePagePdf } from "@/tests/fixtures/pdf";
import { startServer, type RunningServer } from "@/tests/server/harness";
import { templateDataDir } from "@/tests/support/database";

/*
 * The production server against clients that mean it harm (issue 40), on the embedded database,
 * where the whole site is one process: PDFs that cost far more to read than they weigh, checked
 * while everyone else is answered as usual, and clients that send their request slowly, cut off.
 */

/** Short limits, so that the test waits seconds rather than the defaults' half-minute. */
const TIMEOUTS = { HEADERS_TIMEOUT_MS: "2000", REQUEST_TIMEOUT_MS: "3000" };

let server: RunningServer;
let token: string;

beforeAll(async () => {
  server = await startServer({
    database: { dataDir: await templateDataDir() },
    // No periodic upkeep in this process: on PGlite its daily `analyze`, due at a first start,
    // holds the server's one thread for a few hundred ms whatever else happens, which is not
    // what this test times.
    env: { ...TIMEOUTS, LOG_LEVEL: "warn", WORKER: "false" },
  });
  const id = randomBytes(6).toString("hex");
  token = await googleIdToken({
    sub: `hostile-${id}`,
    email: `hostile-${id}@example.com`,
    name: "H",
  });
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

/** /api/health, asked once: the server's thread is free to answer. */
async function health(): Promise<void> {
  const response = await fetch(`${server.url}/api/health`);
  await response.arrayBuffer();
  expect(response.status).toBe(200);
}

const upload = (bytes: Buffer) =>
  fetch(`${server.url}/api/profile/cv?name=cv.pdf`, {
    method: "PUT",
    headers: { ...bearer(token), "content-type": "application/pdf" },
    body: new Uint8Array(bytes),
  }).then(async (response) => ({
    status: response.status,
    body: (await response.json()) as { errors?: Record<string, string[]> },
  }));

describe("the worst PDFs one can make, uploaded as CVs", () => {
  it("are refused with 422 while the rest of the site goes on answering", async () => {
    // A first honest upload: its route's code is loaded then, not while the PDFs below are read.
    expect((await upload(await onePagePdf("An honest CV"))).status).toBe(200);

    // 2 kB from which a parser builds 950,000 objects (issue 40: a second of the server's
    // thread), and 47 kB of 24 million (21 s and 2 GB of it), several at once. While they are
    // checked, health is asked again and again: were the checks on the server's thread, no answer
    // could come until they ended. How fast it answers meanwhile is measured by
    // bench/hostile-cv.ts, not bet on here (issue 41: a test waits for conditions).
    const bombs = [objectBombPdf(950_000), objectBombPdf(24_000_000), objectBombPdf(12_000_000)];
    let checking = true;
    const answers = Promise.all(bombs.map(upload)).finally(() => (checking = false));
    let answered = 0;
    while (checking) {
      await health();
      if (checking) answered += 1;
    }

    for (const answer of await answers) {
      expect(answer.status).toBe(422);
      expect(answer.body.errors?.cv?.[0]).toMatch(/too complex/);
    }
    expect(answered, "health answered while the PDFs were being checked").toBeGreaterThan(3);
    // And the profile keeps the honest CV it had.
    const kept = await fetch(`${server.url}/api/profile/cv/meta`, {
      headers: bearer(token),
    });
    expect(await kept.json()).toMatchObject({ cv: { name: "cv.pdf" } });
  }, 120_000);
});

/**
 * Opens a connection, writes `start` and then nothing more; resolves with how long the server
 * kept it open and what it answered, if anything.
 */
function holdOpen(start: string): Promise<{ ms: number; answer: string }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const socket = connect(server.port, "127.0.0.1", () => socket.write(start));
    let answer = "";
    socket.on("data", (chunk) => (answer += chunk.toString()));
    socket.on("close", () => resolve({ ms: performance.now() - started, answer }));
    socket.on("error", reject);
    // The test's own limit: far past the server's.
    socket.setTimeout(60_000, () => socket.destroy(new Error("The server never let go")));
  });
}

describe("a client that sends its request slowly", () => {
  it("is cut off once its body takes longer than REQUEST_TIMEOUT_MS", async () => {
    // Issue 40: a request that declares 9 MB and sends 1 kB held its connection past 15 s
    // (Node's own limit is 300 s).
    const { ms, answer } = await holdOpen(
      "PUT /api/profile/cv?name=cv.pdf HTTP/1.1\r\nHost: 127.0.0.1\r\n" +
        `Authorization: Bearer ${token}\r\nContent-Type: application/pdf\r\n` +
        `Content-Length: ${9 * 1024 * 1024}\r\n\r\n${"%".repeat(1024)}`,
    );
    expect(ms).toBeGreaterThanOrEqual(Number(TIMEOUTS.REQUEST_TIMEOUT_MS) - 100);
    // Node checks its limits every second.
    expect(ms).toBeLessThan(Number(TIMEOUTS.REQUEST_TIMEOUT_MS) + 5_000);
    expect(answer === "" || answer.startsWith("HTTP/1.1 408")).toBe(true);
  }, 60_000);

  it("is cut off once its headers take longer than HEADERS_TIMEOUT_MS", async () => {
    const { ms } = await holdOpen("GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ");
    expect(ms).toBeGreaterThanOrEqual(Number(TIMEOUTS.HEADERS_TIMEOUT_MS) - 100);
    expect(ms).toBeLessThan(Number(TIMEOUTS.HEADERS_TIMEOUT_MS) + 5_000);
  }, 60_000);

  it("has 10 s for its headers and 30 s for its whole request unless configured", () => {
    expect(clientTimeouts(readServerEnv({}))).toEqual({
      headersTimeout: 10_000,
      requestTimeout: 30_000,
      connectionsCheckingInterval: 1_000,
    });
  });
});
