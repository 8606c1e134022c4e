import type { OutgoingHttpHeaders, ServerResponse } from "node:http";

/** Sends a whole answer on the real response, replacing every header set on it before. */
export type Send = (status: number, headers: OutgoingHttpHeaders, body?: Buffer) => void;

export type CaptureHandlers = {
  /**
   * Called once, when the status and headers are known (the first writeHead, write or end).
   * "buffer": collect the body and hand it to `finish`; "stream": pass it on as it comes (the
   * handler may change headers on `res` first); "drop": send the head only (a 304).
   */
  head(): "buffer" | "stream" | "drop";
  /** The whole body of a buffered answer; must send it with `send`. */
  finish(body: Buffer, send: Send): void;
};

type Callback = (error?: Error | null) => void;

/**
 * Takes over `res` so that whatever Next.js writes can be seen whole before it is sent: the
 * head is held back until `handlers.head` decides, and a buffered body is sent by
 * `handlers.finish` when Next.js ends the answer (synchronously, so Next.js sees the answer sent
 * as soon as it has ended it, as it would without us).
 */
export function captureResponse(res: ServerResponse, handlers: CaptureHandlers): void {
  const original = {
    writeHead: res.writeHead.bind(res) as (status: number) => ServerResponse,
    write: res.write.bind(res) as (...args: unknown[]) => boolean,
    end: res.end.bind(res) as (...args: unknown[]) => ServerResponse,
    // Next.js wraps setHeader to ignore calls once the head is out, as it looks to be here.
    setHeader: res.setHeader.bind(res),
    removeHeader: res.removeHeader.bind(res),
  };
  let mode: "pending" | "buffer" | "stream" | "drop" = "pending";
  const chunks: Buffer[] = [];

  const decide = () => {
    if (mode !== "pending") return;
    mode = handlers.head();
    if (mode !== "buffer") original.writeHead(res.statusCode);
  };
  const collect = (chunk: unknown, encoding: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === "function") return;
    chunks.push(
      Buffer.isBuffer(chunk)
        ? chunk
        : chunk instanceof Uint8Array
          ? Buffer.from(chunk)
          : Buffer.from(
              String(chunk),
              typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8",
            ),
    );
  };
  const send: Send = (status, headers, body) => {
    for (const name of res.getHeaderNames()) original.removeHeader(name);
    for (const [name, value] of Object.entries(headers)) {
      if (value !== undefined) original.setHeader(name, value);
    }
    original.writeHead(status);
    original.end(body);
  };

  // Next.js and the static file server ask whether the head has gone out before setting headers.
  Object.defineProperty(res, "headersSent", {
    configurable: true,
    get: () => mode !== "pending",
  });

  res.writeHead = ((status: number, ...rest: unknown[]) => {
    const last = rest[rest.length - 1];
    if (typeof rest[0] === "string") res.statusMessage = rest[0];
    res.statusCode = status;
    if (Array.isArray(last)) {
      // Raw headers: [name, value, name, value...].
      for (let i = 0; i + 1 < last.length; i += 2) res.setHeader(String(last[i]), last[i + 1]);
    } else if (last && typeof last === "object") {
      for (const [name, value] of Object.entries(last)) {
        if (value !== undefined) res.setHeader(name, value as string | string[] | number);
      }
    }
    decide();
    return res;
  }) as typeof res.writeHead;

  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    decide();
    if (mode === "stream") return original.write(chunk, ...rest);
    if (mode === "buffer") collect(chunk, rest[0]);
    const callback = rest.find((arg): arg is Callback => typeof arg === "function");
    if (callback) process.nextTick(callback);
    return true;
  }) as typeof res.write;

  res.flushHeaders = () => {
    decide();
  };

  let ended = false;
  res.end = ((...args: unknown[]) => {
    decide();
    if (mode === "stream") return original.end(...args);
    if (ended) return res;
    ended = true;
    const callback = args.find((arg): arg is Callback => typeof arg === "function");
    if (callback) res.once("finish", () => callback());
    if (mode === "drop") return original.end();
    collect(typeof args[0] === "function" ? undefined : args[0], args[1]);
    handlers.finish(Buffer.concat(chunks), send);
    return res;
  }) as typeof res.end;
}
