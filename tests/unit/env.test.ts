// @vitest-environment node
import { describe, expect, it } from "vitest";
import { resolvePublicEnv } from "@/lib/env";

describe("resolvePublicEnv", () => {
  it("fills in working defaults when nothing is set", () => {
    expect(resolvePublicEnv({})).toEqual({
      NEXT_PUBLIC_SITE_URL: "http://127.0.0.1:3000",
      NEXT_PUBLIC_SUPPORT_EMAIL: "support@creatorjobs.co",
      NEXT_PUBLIC_NEWSLETTER_URL: "",
      NEXT_PUBLIC_SOCIAL_URL: "https://www.linkedin.com/company/creatorjobs",
      NEXT_PUBLIC_TOOLS_DIRECTORY_URL: "https://tools.creatorjobs.co",
      NEXT_PUBLIC_RECAPTCHA_SITE_KEY: "",
      NEXT_PUBLIC_SENTRY_DSN: "",
      NEXT_PUBLIC_FIREBASE_API_KEY: "emulator-api-key",
      NEXT_PUBLIC_FIREBASE_PROJECT_ID: "demo-creator-jobs",
      NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN: "demo-creator-jobs.firebaseapp.com",
      NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9199",
      NEXT_PUBLIC_FIREBASE_LINKEDIN_PROVIDER_ID: "",
      NEXT_PUBLIC_VERCEL_ANALYTICS: "",
    });
  });

  it("signs in against a real Firebase project, not the emulator, once one is configured", () => {
    const env = resolvePublicEnv({
      NEXT_PUBLIC_FIREBASE_API_KEY: "AIza-real",
      NEXT_PUBLIC_FIREBASE_PROJECT_ID: "creator-jobs-prod",
    });
    expect(env).toMatchObject({
      NEXT_PUBLIC_FIREBASE_API_KEY: "AIza-real",
      NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN: "creator-jobs-prod.firebaseapp.com",
      NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_HOST: "",
    });
  });

  it("accepts only an OIDC provider id for LinkedIn", () => {
    expect(
      resolvePublicEnv({ NEXT_PUBLIC_FIREBASE_LINKEDIN_PROVIDER_ID: "oidc.linkedin" })
        .NEXT_PUBLIC_FIREBASE_LINKEDIN_PROVIDER_ID,
    ).toBe("oidc.linkedin");
    expect(() =>
      resolvePublicEnv({ NEXT_PUBLIC_FIREBASE_LINKEDIN_PROVIDER_ID: "linkedin.com" }),
    ).toThrow(/NEXT_PUBLIC_FIREBASE_LINKEDIN_PROVIDER_ID/);
  });

  it("treats blank values as unset and trims the site URL's trailing slash", () => {
    const env = resolvePublicEnv({
      NEXT_PUBLIC_SITE_URL: "https://jobs.example.com/",
      NEXT_PUBLIC_SUPPORT_EMAIL: "",
    });
    expect(env.NEXT_PUBLIC_SITE_URL).toBe("https://jobs.example.com");
    expect(env.NEXT_PUBLIC_SUPPORT_EMAIL).toBe("support@creatorjobs.co");
  });

  it("switches analytics on only on Vercel", () => {
    expect(resolvePublicEnv({ VERCEL: "1" }).NEXT_PUBLIC_VERCEL_ANALYTICS).toBe("1");
  });

  it("names every bad value in one clear error", () => {
    expect(() =>
      resolvePublicEnv({ NEXT_PUBLIC_SITE_URL: "not a url", NEXT_PUBLIC_SUPPORT_EMAIL: "nope" }),
    ).toThrow(/NEXT_PUBLIC_SITE_URL[\s\S]*NEXT_PUBLIC_SUPPORT_EMAIL/);
  });
});
