import type { OutgoingHttpHeaders, ServerResponse } from "node:http";
import type { Transform } from "node:stream";

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
  /** A buffered body past this many bytes is streamed from then on (see `overflow`). */
  overflowAt: number;
  /**
   * Called once when a buffered body passes `overflowAt` (an answer with no Content-Length that
   * turned out large): sets the streamed answer's headers on `res`, and answers a stream to pass
   * the body through (compression), or null to send it as it is.
   */
  overflow(): Transform | null;
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
  let bufferedBytes = 0;
  /** What a streamed body goes through on its way out, once an overflow gave one. */
  let through: Transform | null = null;

  const decide = () => {
    if (mode !== "pending") return;
    mode = handlers.head();
    if (mode !== "buffer") original.writeHead(res.statusCode);
  };
  const collect = (chunk: unknown, encoding: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === "function") return;
    const bytes = Buffer.isBuffer(chunk)
      ? chunk
      : chunk instanceof Uint8Array
        ? Buffer.from(chunk)
        : Buffer.from(
            String(chunk),
            typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8",
          );
    chunks.push(bytes);
    bufferedBytes += bytes.length;
  };
  /**
   * A buffered body grew past the limit: the head goes out as the handler sets it, then what was
   * held, and the rest streams as it comes. The writer is told to wait (write answers false, then
   * "drain") while the stream it goes through is full.
   */
  const overflow = () => {
    // The head is not out yet: the handler's headers must not be ignored as late (Next.js).
    mode = "pending";
    through = handlers.overflow();
    mode = "stream";
    original.writeHead(res.statusCode);
    if (through) {
      const out = through;
      out.on("data", (data: Buffer) => {
        if (!original.write(data)) out.pause();
      });
      res.on("drain", () => out.resume());
      out.on("drain", () => res.emit("drain"));
    }
    const held = Buffer.concat(chunks);
    chunks.length = 0;
    return held;
  };
  const streamWrite = (chunk: unknown, rest: unknown[]): boolean =>
    through ? through.write(chunk, ...(rest as [BufferEncoding])) : original.write(chunk, ...rest);
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
    if (mode === "stream") return streamWrite(chunk, rest);
    if (mode === "buffer") {
      collect(chunk, rest[0]);
      if (bufferedBytes > handlers.overflowAt) return streamWrite(overflow(), []);
    }
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
    if (mode === "stream" && !through) return original.end(...args);
    if (ended) return res;
    ended = true;
    const callback = args.find((arg): arg is Callback => typeof arg === "function");
    if (callback) res.once("finish", () => callback());
    if (mode === "drop") return original.end();
    collect(typeof args[0] === "function" ? undefined : args[0], args[1]);
    if (mode === "buffer" && bufferedBytes > handlers.overflowAt) {
      const held = overflow();
      if (!through) return original.end(held);
      streamWrite(held, []);
    }
    if (through) {
      const out: Transform = through;
      if (chunks.length > 0) out.write(Buffer.concat(chunks));
      out.on("end", () => original.end());
      out.end();
      return res;
    }
    handlers.finish(Buffer.concat(chunks), send);
    return res;
  }) as typeof res.end;
}
