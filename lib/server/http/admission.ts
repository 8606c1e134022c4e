import type { IncomingMessage, ServerResponse } from "node:http";
import { AppError } from "../errors";
import { errorResponse } from "./error-response";

/*
 * First come, first served for the renders (issue 67). Node takes every request the moment it
 * arrives and interleaves them all: with 20 searches in flight, each of a search's statements
 * queues behind 19 others' (one connection on the embedded database, a pool of ten on
 * PostgreSQL), so a search that needs eight statements waits eight times as long as one that
 * needs one, and a request's wait depends on how many came after it. The slowest answers were
 * five times the median. The gate lets `limit` renders run at once and queues the rest in the
 * order they came, as PHP-FPM's pool does for the peer: a request waits for those before it,
 * then runs nearly alone.
 *
 * Only what can wait for its turn is gated: GET and HEAD requests that reach Next.js (pages
 * and API reads; the page cache and the build's files are answered before it). A POST streams
 * its body in while it is handled, and a slow sender must not hold a turn. No request holds a
 * turn longer than `holdMs` (a slow reader of a large answer, a slow export): after that it
 * goes on outside the count and the next one starts. A request whose client has gone while it
 * waited is not rendered. Past `maxWaiting` waiting, a request is answered 503 at once.
 */

export type AdmissionOptions = {
  /** How many renders run at once; 0: no gate. */
  limit: number;
  /** How many may wait; past it, 503 with Retry-After. */
  maxWaiting: number;
  /** How long one request may hold its turn (ms). */
  holdMs: number;
};

export type AdmissionGate = {
  <T>(req: IncomingMessage, res: ServerResponse, handle: () => T | Promise<T>): Promise<T | void>;
  /** Renders running and waiting (the tests read it). */
  readonly state: () => { running: number; waiting: number };
};

/** The gate's bounds besides its limit (RENDER_CONCURRENCY, 4 unless set). */
export const ADMISSION_BOUNDS = { maxWaiting: 1_000, holdMs: 2_000 } as const;

/** Whether a request waits for its turn: a read that reaches Next.js, not a build file. */
export const isGated = (req: IncomingMessage): boolean =>
  (req.method === "GET" || req.method === "HEAD") && !req.url?.startsWith("/_next/static/");

export function admissionGate({ limit, maxWaiting, holdMs }: AdmissionOptions): AdmissionGate {
  let running = 0;
  const waiting: Array<() => void> = [];

  const next = () => {
    while (running < limit && waiting.length > 0) {
      running += 1;
      waiting.shift()!();
    }
  };

  /** Runs `handle` holding a turn, given back when it settles, the client goes, or at holdMs. */
  const run = <T>(res: ServerResponse, handle: () => T | Promise<T>): Promise<T> => {
    let held = true;
    const giveBack = () => {
      if (!held) return;
      held = false;
      clearTimeout(timer);
      res.off("close", giveBack);
      running -= 1;
      next();
    };
    const timer = setTimeout(giveBack, holdMs);
    timer.unref();
    res.once("close", giveBack);
    let done: Promise<T>;
    try {
      done = Promise.resolve(handle());
    } catch (error) {
      done = Promise.reject(error as Error);
    }
    void done.then(giveBack, giveBack);
    return done;
  };

  const gate = (<T>(
    req: IncomingMessage,
    res: ServerResponse,
    handle: () => T | Promise<T>,
  ): Promise<T | void> => {
    if (limit <= 0 || !isGated(req)) return Promise.resolve(handle());
    if (running < limit && waiting.length === 0) {
      running += 1;
      return run(res, handle);
    }
    if (waiting.length >= maxWaiting) {
      // The API's own error answer: JSON, Retry-After, never stored.
      const busy = new AppError("unavailable", "The board is busy: please try again shortly.", 5);
      const { status, body, headers } = errorResponse(busy);
      res.writeHead(status, { ...headers, "content-type": "application/json; charset=utf-8" });
      res.end(JSON.stringify(body));
      return Promise.resolve();
    }
    return new Promise<T | void>((resolve, reject) => {
      const start = () => {
        res.off("close", leave);
        run(res, handle).then(resolve, reject);
      };
      // The client left while it waited: nothing to render for it, and its place goes.
      const leave = () => {
        const place = waiting.indexOf(start);
        if (place >= 0) waiting.splice(place, 1);
        resolve();
      };
      res.once("close", leave);
      waiting.push(start);
    });
  }) as AdmissionGate;
  Object.defineProperty(gate, "state", {
    value: () => ({ running, waiting: waiting.length }),
  });
  return gate;
}
