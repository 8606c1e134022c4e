// @vitest-environment node
import { describe, expect, it } from "vitest";
import { EMBED_ELEMENT, EMBED_SCRIPT } from "@/features/embed/embed-script";
import { embedSnippets } from "@/features/embed/snippets";

describe("the embed's snippets (issue 66)", () => {
  const snippets = embedSnippets("https://board.example", {
    slug: "acme-studio",
    name: 'Acme "Studio" <&>',
  });

  it("frames the company's light page in one line, titled for screen readers", () => {
    expect(snippets.iframe).not.toContain("\n");
    expect(snippets.iframe).toBe(
      '<iframe src="https://board.example/embed/companies/acme-studio" title="Jobs at Acme &quot;Studio&quot; &lt;&amp;&gt;" width="100%" height="480" style="border:0" loading="lazy"></iframe>',
    );
  });

  it("loads the web component from the board and holds a plain link until it is drawn", () => {
    expect(snippets.component).not.toContain("\n");
    expect(snippets.component).toBe(
      '<script src="https://board.example/embed.js" async></script><creator-jobs company="acme-studio"><a href="https://board.example/companies/acme-studio">Jobs at Acme &quot;Studio&quot; &lt;&amp;&gt;</a></creator-jobs>',
    );
  });
});

describe("the web component's script", () => {
  it("stays small: under 3 kB, before compression", () => {
    expect(Buffer.byteLength(EMBED_SCRIPT)).toBeLessThan(3 * 1024);
  });

  it("is valid JavaScript that defines the element once", () => {
    // Parsed, not run: a syntax error here would reach every careers page that loads it.
    expect(() => new Function(EMBED_SCRIPT)).not.toThrow();
    expect(EMBED_SCRIPT).toContain(`customElements.define("${EMBED_ELEMENT}"`);
    expect(EMBED_SCRIPT).toContain('credentials:"omit"');
  });
});
