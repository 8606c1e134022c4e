import { ATS_LABELS } from "@/features/imports/ats";
import type { SourcePreview } from "@/features/imports/schemas";
import {
  startThread,
  takingTurns,
  ThreadOverrun,
  workerFile,
  type Thread,
} from "@/lib/server/worker-thread";
import { DEFAULT_MAX_JOBS } from "./ats/board-context";
import { AtsError } from "./ats/types";
import type {
  BoardHead,
  BoardTask,
  Failed,
  MappedEntry,
  PreviewMessage,
  SyncMessage,
} from "./board-task";

/*
 * A board read off the thread that answers requests (issue 60): a Greenhouse board of 100,000
 * jobs (45 MB) held the web process's one thread for 13 s, parsed, cleaned and mapped there.
 * Now a worker thread (board-task.ts) does all of that, bounded: in jobs (counted as the answer
 * streams, board-context.ts), in memory (its heap) and in time (a wall-clock deadline), past
 * which the board is refused in plain words, as too large; and at most BOARD_READS_AT_ONCE of
 * them per process, with a short line behind them and 503 past it.
 */

export type BoardReadLimits = {
  /** Jobs the board may list. */
  jobs: number;
  /**
   * The worker's heap, in MB. The jobs of an answer at the download's cap (50 MB: 4,000
   * descriptions of 10 kB) are read within 128 MB and not within 64.
   */
  heapMb: number;
  /** From the worker's start to its last message, the ATS's answers' own deadline within it. */
  ms: number;
};

/**
 * A preview reads the board within 20 s (PREVIEW_TIMEOUT_MS) and then counts it, a few seconds
 * for 5,000 ordinary postings; a sync's 30 s for the ATS is followed by every description
 * cleaned and rendered (about 20 ms each) and its listings written, slice by slice: 5,000 jobs
 * take under two minutes on a free core, and the queue gives a run ten.
 */
export const BOARD_READ_LIMITS = {
  preview: { jobs: DEFAULT_MAX_JOBS, heapMb: 192, ms: 45_000 },
  sync: { jobs: DEFAULT_MAX_JOBS, heapMb: 192, ms: 5 * 60_000 },
} satisfies Record<string, BoardReadLimits>;

/**
 * Boards read at once in a process. Two, so that an employer's preview does not wait behind an
 * hourly sync of a large board (the queue runs one sync at a time per process), and the server's
 * thread shares the two cores it had with at most two workers.
 */
export const BOARD_READS_AT_ONCE = 2;
/** Reads that may wait for a place; more are told to come back (503). */
export const BOARD_READS_WAITING = 4;

const inTurn = takingTurns(
  BOARD_READS_AT_ONCE,
  BOARD_READS_WAITING,
  "Many boards are being read just now: try again in a minute",
);

/** The worker's AtsError, or a bound it passed, as the AtsError it is to the employer. */
function failure(error: unknown, task: BoardTask, limits: BoardReadLimits): unknown {
  if (!(error instanceof ThreadOverrun)) return error;
  const label = ATS_LABELS[task.kind];
  return new AtsError(
    "too_large",
    error.bound === "time"
      ? `${label}'s board took longer than ${Math.round(limits.ms / 1000)} s to read: it has more jobs, or longer ones, than we can import`
      : `${label}'s board needs more memory to read than we allow: it has more jobs, or longer ones, than we can import`,
  );
}

const atsError = (failed: Failed) => new AtsError(failed.code, failed.message, failed.status);

/** Runs `work` on the board's worker thread, started for `task` when a place is free. */
function withWorker<In, Out, T>(
  task: BoardTask,
  limits: BoardReadLimits,
  work: (thread: Thread<In, Out>) => Promise<T>,
): Promise<T> {
  return inTurn(async () => {
    const data: BoardTask = { ...task, fetch: { ...task.fetch, maxJobs: limits.jobs } };
    const thread = startThread<In, Out>(await workerFile("board"), data, limits);
    try {
      return await work(thread);
    } catch (error) {
      throw failure(error, task, limits);
    } finally {
      thread.end();
    }
  });
}

/** The board previewed: read, mapped and counted in a worker thread. Throws AtsError. */
export function previewBoard(
  task: Omit<Extract<BoardTask, { mode: "preview" }>, "mode">,
  limits: BoardReadLimits = BOARD_READ_LIMITS.preview,
): Promise<SourcePreview> {
  return withWorker<never, PreviewMessage, SourcePreview>(
    { ...task, mode: "preview" },
    limits,
    async (thread) => {
      const message = await thread.next();
      if (message.type === "failed") throw atsError(message);
      return message.preview;
    },
  );
}

/** What a sync does with the board as it is read. */
export type SliceHandler = {
  /** The board's head; false: read no further (unchanged, or nothing to do). */
  head(head: BoardHead): Promise<boolean>;
  /** One slice of its jobs, mapped, in the ATS's order; the next is read once this resolves. */
  slice(entries: MappedEntry[]): Promise<void>;
};

/**
 * Reads the board for a sync in a worker thread, handing `handler` its head and then its mapped
 * jobs a slice at a time. Throws AtsError, the bounds included, whenever it happens.
 */
export function readBoardSlices(
  task: Omit<Extract<BoardTask, { mode: "sync" }>, "mode">,
  handler: SliceHandler,
  limits: BoardReadLimits = BOARD_READ_LIMITS.sync,
): Promise<void> {
  return withWorker<"taken", SyncMessage, void>(
    { ...task, mode: "sync" },
    limits,
    async (thread) => {
      for (let message = await thread.next(); ; message = await thread.next()) {
        switch (message.type) {
          case "failed":
            throw atsError(message);
          case "head":
            if (!(await handler.head(message))) return;
            break;
          case "slice":
            await handler.slice(message.entries);
            thread.send("taken");
            break;
          case "done":
            return;
        }
      }
    },
  );
}
