// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  absoluteUrl,
  siteUrl,
  unsubscribeOneClickUrl,
  unsubscribePageUrl,
} from "@/lib/server/mail/links";
import { jobUrl } from "@/features/jobs/server/job-url";

/* Mail links are absolute, on NEXT_PUBLIC_SITE_URL, and carry tokens intact. */

const original = process.env.NEXT_PUBLIC_SITE_URL;
beforeEach(() => {
  process.env.NEXT_PUBLIC_SITE_URL = "https://jobs.example.test/";
});
afterEach(() => {
  process.env.NEXT_PUBLIC_SITE_URL = original;
});

describe("mail links", () => {
  it("start with the site's address, without doubling its slash", () => {
    expect(siteUrl()).toBe("https://jobs.example.test");
    expect(absoluteUrl("/preferences")).toBe("https://jobs.example.test/preferences");
    expect(jobUrl({ id: 42, slug: "video-editor" })).toBe(
      "https://jobs.example.test/jobs/42-video-editor",
    );
  });

  it("refuse anything that is not a path on the site", () => {
    expect(() => absoluteUrl("https://evil.example/")).toThrow();
    expect(() => absoluteUrl("jobs")).toThrow();
  });

  it("carry the unsubscribe token so that it reads back as it was", () => {
    const token = "a.b/c+d=&e";
    const page = new URL(unsubscribePageUrl(token));
    const oneClick = new URL(unsubscribeOneClickUrl(token));
    expect(page.origin + page.pathname).toBe("https://jobs.example.test/unsubscribe");
    expect(oneClick.origin + oneClick.pathname).toBe(
      "https://jobs.example.test/api/alerts/unsubscribe",
    );
    expect(page.searchParams.get("token")).toBe(token);
    expect(oneClick.searchParams.get("token")).toBe(token);
  });

  it("fall back to the built address when the environment has none", () => {
    delete process.env.NEXT_PUBLIC_SITE_URL;
    expect(siteUrl()).toMatch(/^https?:\/\/[^/]+$/);
  });
});
