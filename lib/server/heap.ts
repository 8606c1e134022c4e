/**
 * V8's memory-reducing collection on the calling thread (its "last resort" one, which also
 * compacts the heap and gives its pooled pages back), where `--expose-gc` gives one (`npm start`
 * runs node with it); answers whether it ran. The server's idle collector runs it on the rendering
 * thread (lib/server/http/idle-collector.ts), the embedded database's thread on its own
 * (lib/server/db/pglite-thread.ts).
 */
export function collectHeap(): boolean {
  if (typeof globalThis.gc !== "function") return false;
  globalThis.gc({ type: "major", execution: "sync", flavor: "last-resort" });
  return true;
}
