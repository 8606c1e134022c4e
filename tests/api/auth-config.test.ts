// @vitest-environment node
import { afterEach, describe, expect, it, vi } from "vitest";

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

async function verifyWith(env: Record<string, string>) {
  for (const [key, value] of Object.entries(env)) vi.stubEnv(key, value);
  const { verifyBearer } = await import("@/lib/server/auth/caller");
  return verifyBearer({ authorization: "Bearer some-token" });
}

describe("which tokens the server trusts", () => {
  it("refuses emulator tokens when production credentials are configured too", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    await expect(
      verifyWith({
        FIREBASE_SERVICE_ACCOUNT: '{"project_id":"prod"}',
        FIREBASE_PROJECT_ID: "prod",
      }),
    ).rejects.toMatchObject({ code: "unavailable" });
    expect(error).toHaveBeenCalledWith(expect.stringMatching(/refusing to accept unsigned/));
  });

  it("refuses emulator tokens for a real (non-demo) Firebase project", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    await expect(verifyWith({ FIREBASE_PROJECT_ID: "creator-jobs-prod" })).rejects.toMatchObject({
      code: "unavailable",
    });
    expect(error).toHaveBeenCalledWith(expect.stringMatching(/refusing to accept unsigned/));
  });

  it("answers 503, not 500, when sign-in is not configured at all", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    await expect(
      verifyWith({ FIREBASE_AUTH_EMULATOR_HOST: "", FIREBASE_PROJECT_ID: "" }),
    ).rejects.toMatchObject({ code: "unavailable" });
  });
});
