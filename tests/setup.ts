import "@testing-library/jest-dom/vitest";
import { afterEach } from "vitest";

if (typeof window !== "undefined" && !window.matchMedia) {
  // jsdom has no matchMedia; react-hot-toast's <Toaster> asks it about reduced motion.
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

if (typeof window !== "undefined" && !window.ResizeObserver) {
  // jsdom does no layout; Headless UI watches anchored panels with a ResizeObserver.
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// Testing Library (and React DOM with it) only where there is a DOM to render into: two files in
// three run in Node, which need neither.
if (typeof window !== "undefined") {
  const { cleanup, configure } = await import("@testing-library/react");
  // findBy… and waitFor wait for a condition, 1 s by default: a bet on the machine, which a busy
  // one loses (a lazily loaded avatar took longer there, issue 41). A quick machine is not slowed.
  configure({ asyncUtilTimeout: 10_000 });
  afterEach(() => {
    cleanup();
  });
}
