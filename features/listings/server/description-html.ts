import { InvalidInput } from "@/lib/server/errors";
import { log } from "@/lib/server/log";
import { startThread, takingTurns, ThreadOverrun, workerFile } from "@/lib/server/worker-thread";

/*
 * An employer's Markdown as the HTML its job page shows, rendered off the thread that answers
 * requests (issue 60). Markdown can cost far more than it weighs: 20 kB of "*a" took 2.2 s of
 * the web process's one thread to render, and 10,000 nested ">" overflowed its stack. So a
 * listing's description is rendered in a worker thread (markdown-worker.ts) within
 * DESCRIPTION_RENDER_LIMITS, once, when it is written; past a bound, or past the stack, the
 * description is refused on its field. The board's own Markdown (posts, legal pages) is ours,
 * and rendered where it is read.
 */

/**
 * An honest description of 20,000 characters renders in well under 100 ms of processor time with
 * a few MB of heap; each bound is many times that. Time is counted as the worker's processor
 * time (`cpuMs`), so a busy machine, which starts and runs the worker slowly, refuses none; the
 * wall clock bounds only a worker left waiting.
 */
export const DESCRIPTION_RENDER_LIMITS = { heapMb: 64, cpuMs: 5_000, ms: 60_000 };

const inTurn = takingTurns(2, 8, "Many listings are being saved just now: try again in a minute");

const TOO_COMPLEX =
  "This description's formatting is too complex to show: remove deeply nested quotes or lists, and stray * or _ characters";

/**
 * The HTML of `markdown`, sanitised (lib/markdown.ts), rendered in a worker thread; a 422 on
 * `field` when it passed a bound. Call it before the transaction that stores it.
 */
export function renderDescription(markdown: string, field = "job.description"): Promise<string> {
  return inTurn(async () => {
    const thread = startThread<never, string>(
      await workerFile("markdown"),
      { markdown },
      DESCRIPTION_RENDER_LIMITS,
    );
    try {
      return await thread.next();
    } catch (error) {
      // Its time or heap, or its stack (a RangeError from the worker): the Markdown's doing.
      if (!(error instanceof ThreadOverrun) && (error as Error).name !== "RangeError") throw error;
      log.warn(
        { reason: (error as Error).message, characters: markdown.length },
        "A description was refused: it passed the Markdown worker's bounds",
      );
      throw new InvalidInput({ [field]: [TOO_COMPLEX] });
    } finally {
      thread.end();
    }
  });
}
