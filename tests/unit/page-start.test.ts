import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { pageStartScript } from "@/lib/page-start";

/*
 * The loader of a public page's scripts (lib/page-start.ts), run in jsdom: on intent it asks for
 * the scripts, and not before: neither to run them nor to fetch them into the cache (issue 67).
 */

const SOURCES = ["/_next/static/chunks/a.js", "/_next/static/chunks/b.js"];
const HINT = "test:signed-in";

/** What the loader fetches without running (it used to prefetch the scripts once idle). */
const prefetched = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>("link")].map((link) =>
    link.getAttribute("href"),
  );
const asked = () =>
  [...document.head.querySelectorAll<HTMLScriptElement>("script[src]")].map((script) =>
    script.getAttribute("src"),
  );

/** Runs the loader as the page's head would, then the page's load event. */
function startPage(connection?: { saveData?: boolean; effectiveType?: string }) {
  Object.defineProperty(navigator, "connection", { value: connection, configurable: true });
  Object.defineProperty(document, "readyState", { value: "interactive", configurable: true });
  new Function(pageStartScript({ sources: SOURCES, onIntent: true, signedInHint: HINT }))();
  window.dispatchEvent(new Event("load"));
}

beforeEach(() => {
  vi.useFakeTimers();
});

/** Ends every loader started so far (each asks for its scripts once, then listens no more). */
function endLoaders() {
  document.dispatchEvent(new Event("pointermove"));
  document.head.innerHTML = "";
}

afterEach(() => {
  endLoaders();
  vi.useRealTimers();
  localStorage.clear();
});

describe("a public page's scripts", () => {
  it("are neither asked for nor prefetched once the page has loaded and the browser is idle", () => {
    for (const connection of [{ effectiveType: "4g" }, undefined, { saveData: true }]) {
      startPage(connection);
      vi.runAllTimers();
      expect(prefetched(), JSON.stringify(connection)).toEqual([]);
      expect(asked(), JSON.stringify(connection)).toEqual([]);
      endLoaders();
    }
  });

  it("run, in order, at the visitor's first sign of intent", () => {
    startPage();
    expect(asked()).toEqual([]);
    document.dispatchEvent(new Event("pointermove"));
    expect(asked()).toEqual(SOURCES);
    const scripts = [...document.head.querySelectorAll<HTMLScriptElement>("script[src]")];
    expect(scripts.every((script) => script.async === false)).toBe(true);
    // Asked for once: a later event adds nothing.
    vi.runAllTimers();
    document.dispatchEvent(new Event("keydown"));
    expect(asked()).toEqual(SOURCES);
    expect(prefetched()).toEqual([]);
  });
});
