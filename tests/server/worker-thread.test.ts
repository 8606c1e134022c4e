// @vitest-environment node
import { describe, expect, it } from "vitest";
import { startThread, ThreadOverrun } from "@/lib/server/worker-thread";

/*
 * A worker thread's processor-time bound (cpuMs): input that costs processor time is stopped
 * once it has used that much, however long the machine took to give it; a worker that waits
 * uses none, and finishes under the same bound. Neither depends on how fast the machine is.
 */

const script = (code: string) => new URL(`data:text/javascript,${encodeURIComponent(code)}`);

describe("a worker thread's processor-time bound", () => {
  it("ends a worker that spins past it", async () => {
    const thread = startThread<never, string>(script("for (;;) {}"), null, {
      heapMb: 16,
      cpuMs: 200,
      ms: 120_000,
    });
    await expect(thread.next()).rejects.toEqual(new ThreadOverrun("time"));
  });

  it("lets a worker that waits longer than it finish", async () => {
    // 600 ms asleep: three times the processor time allowed, and almost none of it used.
    const thread = startThread<never, string>(
      script(
        `import { parentPort } from "node:worker_threads";
         Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 600);
         parentPort.postMessage("done");`,
      ),
      null,
      { heapMb: 16, cpuMs: 200, ms: 120_000 },
    );
    try {
      expect(await thread.next()).toBe("done");
    } finally {
      thread.end();
    }
  });
});
