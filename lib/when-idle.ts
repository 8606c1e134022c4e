/**
 * Calls `callback` once the page has loaded and the browser is idle, for work nothing on the
 * first screen needs. Returns a function that cancels the call.
 */
export function whenIdle(callback: () => void): () => void {
  let cancel = () => {};
  const schedule = () => {
    // Safari has no requestIdleCallback.
    if (typeof window.requestIdleCallback === "function") {
      const id = window.requestIdleCallback(callback, { timeout: 2_000 });
      cancel = () => window.cancelIdleCallback(id);
    } else {
      const id = setTimeout(callback, 200);
      cancel = () => clearTimeout(id);
    }
  };
  if (document.readyState === "complete") schedule();
  else {
    window.addEventListener("load", schedule, { once: true });
    cancel = () => window.removeEventListener("load", schedule);
  }
  return () => cancel();
}
