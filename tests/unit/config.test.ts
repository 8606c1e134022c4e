import * as Sentry from "@sentry/nextjs";
import { afterEach, describe, expect, it, vi } from "vitest";
import nextConfig from "@/next.config";

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe("next.config.ts", () => {
  it("uses spec §9's image widths, small sizes and default quality", () => {
    expect(nextConfig.images).toMatchObject({
      deviceSizes: [640, 750, 828, 1080, 1200, 1920, 2048, 3840],
      imageSizes: [16, 32, 48, 64, 96, 128, 256, 384],
      qualities: [75],
    });
  });

  it("tunnels error reports through /monitoring", async () => {
    const rewrites = await nextConfig.rewrites?.();
    const all = Array.isArray(rewrites)
      ? rewrites
      : [...(rewrites?.beforeFiles ?? []), ...(rewrites?.afterFiles ?? [])];
    expect(all.some((rewrite) => rewrite.source.startsWith("/monitoring"))).toBe(true);
  });
});

describe("sentry.client.config.ts", () => {
  it("starts nothing without a DSN", async () => {
    vi.stubEnv("NEXT_PUBLIC_SENTRY_DSN", "");
    await import("@/sentry.client.config");
    expect(Sentry.getClient()).toBeUndefined();
  });

  it("samples half of the traces and replays 10% of sessions, 100% on error", async () => {
    vi.stubEnv("NEXT_PUBLIC_SENTRY_DSN", "https://public@o0.ingest.sentry.io/0");
    await import("@/sentry.client.config");
    const options = Sentry.getClient()?.getOptions();
    expect(options).toMatchObject({
      tracesSampleRate: 0.5,
      replaysSessionSampleRate: 0.1,
      replaysOnErrorSampleRate: 1,
    });
    expect(options?.integrations.map((integration) => integration.name)).toContain("Replay");
    await Sentry.close();
  });
});
