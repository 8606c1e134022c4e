// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { answerJson, answerText } from "@/lib/server/http/outside-answer";
import { startAtsServer, type AtsServer } from "@/tests/support/ats-server";

/*
 * An outside server's answer (a bot check's verdict, a search engine's reply) is read only so
 * far: one far larger than it should be is cut short, its download given up (issue 60).
 */

let server: AtsServer;

beforeAll(async () => {
  server = await startAtsServer();
});
afterAll(() => server.close());

describe("an outside answer", () => {
  it("is read as JSON when it is whole within the bound", async () => {
    server.set("/verdict", { json: { success: true, score: 0.9 } });
    const answer = await answerJson(await fetch(`${server.origin}/verdict`), 1024);
    expect(answer).toEqual({ success: true, score: 0.9 });
  });

  it("is cut short past the bound, and the rest is not downloaded", async () => {
    server.set("/endless", { megabytes: 60 });
    const text = await answerText(await fetch(`${server.origin}/endless`), 1_000);
    expect(text).toHaveLength(1_000);
    await vi.waitFor(() => expect(server.streams[0]?.closed).toBe(true));
    expect(server.streams[0]!.bytes).toBeLessThan(30 * 1024 * 1024);

    const json = answerJson(await fetch(`${server.origin}/endless`), 64 * 1024);
    await expect(json).rejects.toThrow("The answer is larger than 65536 bytes");
  });
});
