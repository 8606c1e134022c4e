import { describe, expect, it } from "vitest";
import { resolvePublicEnv } from "@/lib/env";

describe("resolvePublicEnv", () => {
  it("fills in working defaults when nothing is set", () => {
    expect(resolvePublicEnv({})).toEqual({
      NEXT_PUBLIC_SITE_URL: "http://127.0.0.1:3000",
      NEXT_PUBLIC_SUPPORT_EMAIL: "support@creatorjobs.co",
      NEXT_PUBLIC_NEWSLETTER_URL: "https://newsletter.creatorjobs.co",
      NEXT_PUBLIC_SOCIAL_URL: "https://www.linkedin.com/company/creatorjobs",
      NEXT_PUBLIC_TOOLS_DIRECTORY_URL: "https://tools.creatorjobs.co",
      NEXT_PUBLIC_RECAPTCHA_SITE_KEY: "",
      NEXT_PUBLIC_SENTRY_DSN: "",
      NEXT_PUBLIC_VERCEL_ANALYTICS: "",
    });
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
