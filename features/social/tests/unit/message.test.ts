import { describe, expect, it } from "vitest";
import { byteRange, cut, postText } from "@/features/social/server/message";
import { waitFromHeaders } from "@/features/social/server/http";

/* A post's words within each channel's length, and the pieces the channels' APIs count in. */

const job = {
  title: "Projektantka ruchu — 東京 👩🏽‍🎨",
  company: "استوديو الضوء",
  location: "Kraków, Polska",
  url: "https://creatorjobs.example/jobs/12-projektantka",
};

describe("a post's words", () => {
  it("keeps every name as typed, the link last and whole", () => {
    const text = postText("mastodon", [job], { link: job.url });
    expect(text).toBe(`${job.title} at ${job.company}\n${job.location}\n${job.url}`);
  });

  it("cuts a long title by characters as people see them, never the link", () => {
    const long = { ...job, title: `${"👩🏽‍🎨".repeat(400)} designer` };
    const text = postText("x", [long], { link: job.url });
    const [first] = text.split("\n");
    expect(first!.endsWith("…")).toBe(true);
    // X counts a link as 23: the rest fits in 280 - 23 - 2 line breaks.
    const graphemes = [...new Intl.Segmenter().segment(text.replace(job.url, ""))].length;
    expect(graphemes).toBeLessThanOrEqual(280 - 23 + 2);
    expect(text.endsWith(job.url)).toBe(true);
    expect(cut("東京のデザイナー", 4)).toBe("東京の…");
  });

  it("gives Bluesky's facet the link's UTF-8 byte offsets", () => {
    const text = postText("bluesky", [job], { link: job.url });
    const range = byteRange(text, job.url);
    expect(Buffer.from(text).subarray(range.byteStart, range.byteEnd).toString()).toBe(job.url);
    expect(range.byteStart).toBeGreaterThan(text.indexOf(job.url));
  });

  it("reads a channel's wait from Retry-After or its reset header, bounded", () => {
    const now = Date.parse("2026-12-04T09:00:00Z");
    expect(waitFromHeaders(new Headers({ "retry-after": "7" }), now)).toBe(7);
    expect(
      waitFromHeaders(new Headers({ "x-rate-limit-reset": String(now / 1000 + 90) }), now),
    ).toBe(90);
    expect(waitFromHeaders(new Headers({ "x-ratelimit-reset": "2026-12-04T09:05:00Z" }), now)).toBe(
      300,
    );
    expect(waitFromHeaders(new Headers({ "retry-after": "99999999" }), now)).toBe(86_400);
    expect(waitFromHeaders(new Headers({}), now)).toBeUndefined();
  });
});
