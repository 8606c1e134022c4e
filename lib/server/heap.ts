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

type MallocTrim = (pad: number) => number;

/** glibc's `malloc_trim`, loaded on first use; null where there is none (not Linux, not glibc). */
let mallocTrim: Promise<MallocTrim | null> | undefined;

async function loadMallocTrim(): Promise<MallocTrim | null> {
  if (process.platform !== "linux") return null;
  try {
    // koffi: a foreign-function interface with prebuilt binaries from the npm registry, so one C
    // function needs no addon of our own to compile.
    const { default: koffi } = await import("koffi");
    return koffi.load("libc.so.6").func("int malloc_trim(size_t pad)") as MallocTrim;
  } catch {
    // musl (no libc.so.6) or a libc without malloc_trim: its heap is left as it is.
    return null;
  }
}

/**
 * Gives the process's freed malloc memory back to the system: glibc's `malloc_trim(0)`, which
 * also releases the whole free pages between blocks still in use, in every arena (every thread's).
 * Without it glibc only ever shrinks a heap from its top, so the blocks a burst of requests freed
 * between small ones that stay keep their pages: 44 MB of the embedded server's 62 MB heap after
 * the fixed load of bench/memory.mjs (docs/performance.md, the fourteenth pass). It walks the
 * free blocks (a few milliseconds), so it runs once memory has been collected, when the server
 * is quiet. Answers whether it ran.
 */
export async function trimMalloc(): Promise<boolean> {
  mallocTrim ??= loadMallocTrim();
  const trim = await mallocTrim;
  if (!trim) return false;
  trim(0);
  return true;
}
