import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect } from "vitest";
import { callApi } from "@/tests/api/call";
import { routeFor } from "@/tests/api/team-suite";

/*
 * Whether the server's one thread answers while costly work on outside input goes on (issue 60):
 * /api/health is asked over HTTP of this process, as the server would be asked, again and again
 * while the work runs. Held, the thread answers once the work is done: its slowest answer is about
 * as long as the work. Free, it answers at least `least` times and its slowest answer is within
 * 200 ms, four times its idle answer, or a third of the work's time, whichever is longest: the
 * last two keep the test from betting on the machine's speed (a loaded 2-core machine saw 519 ms
 * while a board's work took several seconds). Call healthMeanwhile() at the top of a test file:
 * it starts the HTTP door for its tests.
 */

export function healthMeanwhile() {
  let healthUrl = "";
  const healthServer = createServer((_request, response) => {
    // A connection per request: none is left idle for the server to close as it is reused.
    void callApi(routeFor("/api/health")).then((answer) =>
      response.writeHead(answer.status, { connection: "close" }).end(JSON.stringify(answer.body)),
    );
  });

  beforeAll(async () => {
    await new Promise<void>((resolve) => healthServer.listen(0, "127.0.0.1", resolve));
    healthUrl = `http://127.0.0.1:${(healthServer.address() as AddressInfo).port}/api/health`;
  });
  afterAll(() => new Promise<void>((resolve) => healthServer.close(() => resolve())));

  /** How long /api/health took to answer. */
  async function healthMs(): Promise<number> {
    const started = performance.now();
    const answer = await fetch(healthUrl);
    await answer.arrayBuffer();
    expect(answer.status).toBe(200);
    return performance.now() - started;
  }

  /**
   * `work`'s result, and /api/health asked again and again while it ran: how often, and how
   * slowly at worst, beside its idle answer asked just before.
   */
  async function askingHealth<T>(work: () => Promise<T>) {
    const idle: number[] = [];
    for (let round = 0; round < 7; round++) idle.push(await healthMs());
    let working = true;
    const started = performance.now();
    let took = 0;
    const done = work().finally(() => {
      working = false;
      took = performance.now() - started;
    });
    const times: number[] = [];
    while (working) times.push(await healthMs());
    return {
      result: await done,
      idle: idle.sort((a, b) => a - b)[3]!,
      slowest: Math.max(...times),
      asked: times.length,
      took,
    };
  }

  /**
   * `work`'s result; fails unless health answered `least` times meanwhile, within 200 ms, four
   * times idle or a third of the work's time.
   */
  async function answeringMeanwhile<T>(work: () => Promise<T>, least = 4): Promise<T> {
    const { result, idle, slowest, asked, took } = await askingHealth(work);
    expect(
      slowest,
      `health answered in ${Math.round(slowest)} ms at worst (idle ${Math.round(idle)} ms, ${asked} asked, the work took ${Math.round(took)} ms)`,
    ).toBeLessThanOrEqual(Math.max(200, 4 * idle, took / 3));
    expect(asked, "health was asked while the work ran").toBeGreaterThanOrEqual(least);
    return result;
  }

  return { askingHealth, answeringMeanwhile };
}
