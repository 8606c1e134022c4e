import { describe, expect, it } from "vitest";
import { renderMarkdown } from "@/lib/markdown";
import { toLegalDocument, unknownFigures } from "@/features/content/server/legal";

/*
 * What an editor writes in a legal document (issue 64) is rendered by lib/markdown.ts, whose
 * sanitiser leaves hostile input inert: no script, no raw HTML, no event handler, no
 * javascript: link survives.
 */

const HOSTILE = [
  "# Terms",
  "",
  "<script>alert(1)</script>",
  "",
  '<img src="x" onerror="alert(2)">',
  "",
  '<a href="https://evil.example" onclick="alert(3)">raw link</a>',
  "",
  "[click me](javascript:alert(4))",
  "",
  "[data](data:text/html;base64,PHNjcmlwdD5hbGVydCg1KTwvc2NyaXB0Pg==)",
  "",
  '<iframe src="https://evil.example"></iframe>',
  "",
  '<div style="position:fixed;inset:0">cover</div>',
  "",
  "![pic](javascript:alert(6))",
  "",
  "A [fine link](https://example.com) stays.",
].join("\n");

describe("a legal document's Markdown, sanitised", () => {
  it("leaves scripts, raw HTML, handlers and javascript: links inert", async () => {
    const html = await renderMarkdown(HOSTILE);
    expect(html).not.toMatch(/<script|<iframe|<img[^>]*onerror|onclick|onerror|style=/i);
    expect(html).not.toMatch(/href="(javascript|data):/i);
    expect(html).not.toMatch(/src="javascript:/i);
    expect(html).toContain('<a href="https://example.com">fine link</a>');
    expect(html).toContain("<h1>Terms</h1>");
  });

  it("renders a version's page through the same sanitiser", async () => {
    const document = await toLegalDocument({
      name: "privacy",
      title: "Privacy",
      updated: "2026-03-01",
      summary: "About your data.",
      markdown: HOSTILE,
    });
    expect(document.html).not.toMatch(/<script|onerror|onclick|javascript:/i);
  });

  it("names the figures a text asks for that the board does not have", () => {
    expect(
      unknownFigures("Kept {{APPLICATION_RETENTION_DAYS}} days, {{ NOPE }}, {{NOPE}}"),
    ).toEqual(["NOPE"]);
  });
});
