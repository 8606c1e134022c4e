import type { ServerResponse } from "node:http";

/** The client went away while an answer was being written: stop making the rest. */
export class ClientGone extends Error {
  constructor() {
    super("The client closed the connection");
  }
}

/**
 * A writer for an answer made piece by piece (the aggregator feed): each piece goes to `res`,
 * and while the connection (or the compression the server layer streams through) is full, the
 * next waits for "drain", so a slow reader never makes the server hold the whole answer. Throws
 * ClientGone once the connection is closed.
 */
export function drainingWriter(res: ServerResponse) {
  return (chunk: string): void | Promise<void> => {
    if (res.destroyed) throw new ClientGone();
    if (res.write(chunk)) return;
    return new Promise<void>((resolve, reject) => {
      const drained = () => {
        res.off("close", closed);
        resolve();
      };
      const closed = () => {
        res.off("drain", drained);
        reject(new ClientGone());
      };
      res.once("drain", drained);
      res.once("close", closed);
    });
  };
}
