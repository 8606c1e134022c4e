import { readlinkSync } from "node:fs";
import { join } from "node:path";
import { setPriority } from "node:os";
import { Worker, type Transferable } from "node:worker_threads";
import pLimit from "p-limit";
import { unavailable } from "./errors";
import type { WorkerName } from "./worker-bundle";

/*
 * Work on outside input that can cost far more than it weighs runs in a worker thread, never on
 * the thread that answers requests, and within bounds: its heap (past it, V8 ends the worker), a
 * wall-clock deadline from its start and, where given, the processor time it used (past either,
 * the worker is ended), and a few at once per
 * process with a short queue behind them (503 past it). Reading an ATS's board
 * (imports/board-reader.ts) and the CV check (applications/cv-file.ts) run so.
 */

export type ThreadLimits = {
  /** The worker's JavaScript heap (its old generation), in MB. */
  heapMb: number;
  /** From the worker's start to its last message. */
  ms: number;
  /**
   * The processor time the worker's own thread may use, in ms: what input costs, whatever the
   * machine's load (a busy machine gives a worker less of a core, and its wall-clock time grows,
   * its processor time not). With it, `ms` is only the outer bound on a worker that waits.
   */
  cpuMs?: number;
};

/** How often a worker's processor time is read, against its `cpuMs`. */
const CPU_POLL_MS = 100;

/** The worker passed one of its bounds and was ended. */
export class ThreadOverrun extends Error {
  constructor(readonly bound: "time" | "memory") {
    super(`The worker thread passed its ${bound} bound`);
    this.name = "ThreadOverrun";
  }
}

export type Thread<In, Out> = {
  /**
   * The worker's next message, in order. Rejects with ThreadOverrun once a bound is passed
   * (whatever it sent and was not yet taken is dropped), or with the worker's own error.
   */
  next(): Promise<Out>;
  send(message: In): void;
  /** Ends the worker, at once; nothing more comes from it. */
  end(): void;
};

const bundled = new Map<WorkerName, Promise<string>>();

/**
 * The file of a worker bundled by worker-bundle.ts. In production the build's
 * (dist/<name>-worker.mjs, found from the app's folder, where the server runs whether Turbopack
 * bundled the code starting it, for the API, or esbuild, for the queue); elsewhere bundled from
 * the sources on first use.
 */
export function workerFile(name: WorkerName): Promise<string> {
  if (process.env.NODE_ENV === "production") {
    return Promise.resolve(join(process.cwd(), "dist", `${name}-worker.mjs`));
  }
  let file = bundled.get(name);
  if (!file) {
    file = import("./worker-bundle").then((bundle) => bundle.bundleWorker(name));
    bundled.set(name, file);
  }
  return file;
}

/** Starts `file` in a worker thread with `workerData`, within `limits`. */
export function startThread<In, Out>(
  file: string | URL,
  workerData: unknown,
  limits: ThreadLimits,
  transferList: Transferable[] = [],
): Thread<In, Out> {
  const worker = new Worker(file, {
    workerData,
    transferList,
    resourceLimits: {
      maxOldGenerationSizeMb: limits.heapMb,
      maxYoungGenerationSizeMb: 16,
      stackSizeMb: 4,
    },
    // What the worker prints is not the server's log.
    stdout: true,
    stderr: true,
  });
  worker.stdout.resume();
  worker.stderr.resume();
  const received: Out[] = [];
  /** Why nothing more will come, once that is so. */
  let closed: Error | undefined;
  let waiter: { resolve: (message: Out) => void; reject: (error: Error) => void } | undefined;
  let ended = false;

  const end = () => {
    if (ended) return;
    ended = true;
    clearTimeout(timer);
    clearInterval(cpuWatch);
    void worker.terminate();
  };
  /** Nothing more comes; past a bound (`drop`), not even what came and was not yet taken. */
  const close = (reason: Error, drop: boolean) => {
    closed ??= reason;
    if (drop) received.length = 0;
    end();
    waiter?.reject(closed);
    waiter = undefined;
  };
  const timer = setTimeout(() => close(new ThreadOverrun("time"), true), limits.ms);
  const { cpuMs } = limits;
  const cpuWatch =
    cpuMs === undefined
      ? undefined
      : setInterval(() => {
          worker.cpuUsage().then(
            ({ user, system }) => {
              if ((user + system) / 1000 > cpuMs) close(new ThreadOverrun("time"), true);
            },
            // The worker is ending: its exit or error says why.
            () => undefined,
          );
        }, CPU_POLL_MS);
  cpuWatch?.unref();

  worker.on("message", (message: Out) => {
    if (closed) return;
    if (waiter) {
      waiter.resolve(message);
      waiter = undefined;
    } else {
      received.push(message);
    }
  });
  worker.once("error", (error: Error & { code?: string }) =>
    close(error.code === "ERR_WORKER_OUT_OF_MEMORY" ? new ThreadOverrun("memory") : error, true),
  );
  // Node hands over every message a worker sent before it reports the worker's exit.
  worker.once("exit", () =>
    close(new Error("The worker thread ended before its last message"), false),
  );

  return {
    next: () => {
      const message = received.shift();
      if (message !== undefined) return Promise.resolve(message);
      if (closed) return Promise.reject(closed);
      return new Promise<Out>((resolve, reject) => (waiter = { resolve, reject }));
    },
    send: (message) => {
      if (!ended) worker.postMessage(message);
    },
    end,
  };
}

/** A worker's niceness: on a busy machine the thread answering requests is scheduled first. */
const WORKER_NICENESS = 10;

/**
 * Lowers the calling worker thread's scheduling priority, as it starts. On Linux a thread has a
 * priority of its own, set through its id (/proc/thread-self names it); elsewhere the worker
 * keeps the process's.
 */
export function lowerWorkerPriority(): void {
  try {
    const id = Number(readlinkSync("/proc/thread-self").split("/").pop());
    if (Number.isInteger(id) && id > 0) setPriority(id, WORKER_NICENESS);
  } catch {
    // No /proc/thread-self: not Linux.
  }
}

export type Turns = {
  /** Runs `work` once a place is free, or throws 503 when too many wait already. */
  <T>(work: () => Promise<T>): Promise<T>;
};

/**
 * At most `atOnce` pieces of work at a time, `waiting` more in line (first come, first
 * served: p-limit, which the file stores use too), and 503 with `busy` and Retry-After past
 * that.
 */
export function takingTurns(atOnce: number, waiting: number, busy: string): Turns {
  const limit = pLimit(atOnce);
  return (work) => {
    if (limit.activeCount >= atOnce && limit.pendingCount >= waiting) {
      return Promise.reject(unavailable(busy, 30));
    }
    return limit(work);
  };
}
