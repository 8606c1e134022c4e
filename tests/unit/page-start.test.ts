import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { pageStartScript } from "@/lib/page-start";

/*
 * The loader of a public page's scripts (lib/page-start.ts), run in jsdom: on intent it asks for
 * the scripts; once the page has loaded and the browser is idle it only prefetches them, unless
 * the visitor saves data or is on 2G.
 */

const SOURCES = ["/_next/static/chunks/a.js", "/_next/static/chunks/b.js"];
const HINT = "test:signed-in";

// They carry no `as`: HTML allows it on preload and modulepreload only (the Nu Html Checker
// refuses it on a prefetch). Chromium fetches them all the same (e2e/page-start.spec.ts).
const prefetched = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')].map((link) =>
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
  it("are prefetched, not run, once the page has loaded and the browser is idle", () => {
    startPage({ effectiveType: "4g" });
    expect(prefetched()).toEqual([]);
    vi.runAllTimers();
    expect(prefetched()).toEqual(SOURCES);
    expect(asked()).toEqual([]);
  });

  it("are not prefetched for a visitor who saves data, or on 2G", () => {
    for (const connection of [
      { saveData: true, effectiveType: "4g" },
      { effectiveType: "2g" },
      { effectiveType: "slow-2g" },
    ]) {
      startPage(connection);
      vi.runAllTimers();
      expect(prefetched(), JSON.stringify(connection)).toEqual([]);
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
    // Asked for once: a later prefetch or event adds nothing.
    vi.runAllTimers();
    document.dispatchEvent(new Event("keydown"));
    expect(asked()).toEqual(SOURCES);
    expect(prefetched()).toEqual([]);
  });
});
