// @vitest-environment node
import { rm } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RENAMED_SUNSET } from "@/lib/api/renamed-paths";
import { startServer, type RunningServer } from "@/tests/server/harness";
import { templateDataDir } from "@/tests/support/database";

/*
 * The API paths renamed for one name per thing (issue 62) answer at their old paths too, as the
 * production server runs (next.config.ts's rewrites, the server layer's headers): the same answer as the new
 * path, and the headers that say the old one is deprecated, when it goes and what replaces it.
 */

let server: RunningServer;
let dataDir: string;

beforeAll(async () => {
  dataDir = await templateDataDir();
  server = await startServer({ database: { dataDir } });
}, 180_000);

afterAll(async () => {
  await server?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

let clients = 0;
async function ask(path: string) {
  clients += 1;
  const response = await fetch(server.url + path, {
    headers: { "x-forwarded-for": `10.78.${(clients >> 8) & 255}.${clients & 255}` },
  });
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
    deprecation: response.headers.get("deprecation"),
    sunset: response.headers.get("sunset"),
    link: response.headers.get("link"),
  };
}

describe("a renamed API path", () => {
  it.each([
    ["/api/favorites", "/api/saved_jobs"],
    ["/api/favorites/12", "/api/saved_jobs/12"],
    ["/api/rejections", "/api/hidden_jobs"],
    ["/api/applications", "/api/applied_jobs"],
    ["/api/submissions", "/api/listings"],
    ["/api/submissions/7/applicants", "/api/listings/7/applicants"],
    ["/api/admin/submissions", "/api/moderation/review"],
    ["/api/admin/counts", "/api/moderation/counts"],
  ])("%s answers as %s does, marked deprecated with its sunset and successor", async (old, now) => {
    const [before, after] = [await ask(old), await ask(now)];
    // Signed out: each refuses alike (401 for a signed-in person's or a moderator's list, 405
    // for a method the path does not take).
    expect([401, 405]).toContain(after.status);
    expect(before.status).toBe(after.status);
    expect(before.body).toEqual(after.body);
    expect(after.deprecation).toBeNull();
    expect(before.deprecation).toMatch(/^@\d+$/);
    expect(new Date(before.sunset!).getTime()).toBe(RENAMED_SUNSET.getTime());
    expect(before.link).toBe(`<${now}>; rel="successor-version"`);
  });

  it("that never existed is not made up: /api/moderation/submissions is a 404", async () => {
    expect((await ask("/api/moderation/submissions")).status).toBe(404);
  });
});
