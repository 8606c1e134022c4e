import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";

/*
 * A stand-in for the ATSs' APIs on loopback, for the import's tests (unit, sync and Playwright):
 * a real HTTP server whose answers each test sets by path. Point the fetcher at it with
 * FetchOptions.origin (or ATS_API_URL): a request for Greenhouse's /v1/boards/acme/jobs then
 * comes here as /greenhouse/v1/boards/acme/jobs.
 */

export type AtsRoute =
  /** A JSON value; with an etag (or lastModified), a request that sends it back gets a 304. */
  | {
      json: unknown;
      status?: number;
      gzip?: boolean;
      etag?: string;
      lastModified?: string;
      headers?: Record<string, string>;
    }
  /** A status with a body that is not JSON (or none). */
  | { status: number; text?: string }
  /** Text that claims to be JSON. */
  | { text: string }
  /**
   * A body of this many MB, the start of a JSON list that never ends, streamed; `declared` sends
   * its length first.
   */
  | { megabytes: number; declared?: boolean }
  /** A JSON body written piece by piece as the client reads it, each piece made as it is sent. */
  | { pieces: () => Iterable<string> }
  /**
   * Never answers ("headers"), or answers with headers and the start of a body and then nothing
   * more ("body"): the request hangs until the client gives up.
   */
  | { hang: "headers" | "body" }
  | { redirect: string; status?: number }
  /** Decides by the request's address (its query, say: Lever's pages). */
  | ((url: URL) => AtsRoute);

export type AtsRequest = { path: string; headers: IncomingHttpHeaders };

export type AtsServer = {
  /** http://127.0.0.1:<port>, the `origin` the fetcher takes. */
  origin: string;
  /**
   * Answers `path` with `route`. A path with a query matches only that query; one without
   * matches any query.
   */
  set(path: string, route: AtsRoute): void;
  /** Forgets every route and request. */
  reset(): void;
  /** The requests so far, path and query as sent. */
  requests: AtsRequest[];
  /** The streamed bodies so far: bytes written, and whether the connection is over. */
  streams: { bytes: number; closed: boolean }[];
  close(): Promise<void>;
};

const MB = 1024 * 1024;

export async function startAtsServer(port = 0): Promise<AtsServer> {
  const routes = new Map<string, AtsRoute>();
  const requests: AtsRequest[] = [];
  const streams: AtsServer["streams"] = [];

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    requests.push({ path: url.pathname + url.search, headers: request.headers });
    const route = routes.get(url.pathname + url.search) ?? routes.get(url.pathname);
    if (!route) {
      send(response, 404, "application/json", JSON.stringify({ error: "Not found" }));
      return;
    }
    answer(route, url, request.headers, response, streams);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const { port: bound } = server.address() as AddressInfo;

  return {
    origin: `http://127.0.0.1:${bound}`,
    set: (path, route) => void routes.set(path, route),
    reset: () => {
      routes.clear();
      requests.length = 0;
      streams.length = 0;
    },
    requests,
    streams,
    close: () =>
      new Promise<void>((resolve) => {
        // Hanging requests keep their sockets open: close them, or close() waits forever.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function answer(
  route: AtsRoute,
  url: URL,
  headers: IncomingHttpHeaders,
  response: ServerResponse,
  streams: AtsServer["streams"],
): void {
  if (typeof route === "function") return answer(route(url), url, headers, response, streams);
  if ("hang" in route) {
    if (route.hang === "body")
      response.writeHead(200, { "content-type": "application/json" }).write('{"jobs": [');
    return;
  }
  if ("redirect" in route) {
    response.writeHead(route.status ?? 302, { location: route.redirect }).end();
    return;
  }
  if ("megabytes" in route) {
    const total = Math.round(route.megabytes * MB);
    response.writeHead(200, {
      "content-type": "application/json",
      ...(route.declared ? { "content-length": String(total) } : {}),
    });
    stream(response, listOf(total), streams);
    return;
  }
  if ("pieces" in route) {
    response.writeHead(200, { "content-type": "application/json; charset=utf-8" });
    stream(response, route.pieces(), streams);
    return;
  }
  if ("json" in route) {
    const unchanged =
      (route.etag !== undefined && headers["if-none-match"] === route.etag) ||
      (route.lastModified !== undefined && headers["if-modified-since"] === route.lastModified);
    const validators = {
      ...(route.etag ? { etag: route.etag } : {}),
      ...(route.lastModified ? { "last-modified": route.lastModified } : {}),
    };
    if (unchanged) {
      response.writeHead(304, validators).end();
      return;
    }
    const body = Buffer.from(JSON.stringify(route.json));
    response.writeHead(route.status ?? 200, {
      "content-type": "application/json; charset=utf-8",
      ...validators,
      ...(route.gzip ? { "content-encoding": "gzip" } : {}),
      ...route.headers,
    });
    response.end(route.gzip ? gzipSync(body) : body);
    return;
  }
  send(response, "status" in route ? route.status : 200, "application/json", route.text ?? "");
}

function send(response: ServerResponse, status: number, type: string, body: string): void {
  response.writeHead(status, { "content-type": type }).end(body);
}

/** `total` bytes of a JSON list's start, a string that goes on, '["xxx...', 64 kB at a time. */
function* listOf(total: number): Iterable<Buffer> {
  const chunk = Buffer.alloc(64 * 1024, "x");
  for (let sent = 0; sent < total; sent += chunk.length) {
    const piece = chunk.subarray(0, Math.min(chunk.length, total - sent));
    // The first piece opens the list: a copy, as the others share one buffer.
    yield sent === 0 ? Buffer.concat([Buffer.from('["'), piece.subarray(2)]) : piece;
  }
}

/** Writes `pieces` as the client reads them (recorded in `streams`), and stops if it goes. */
function stream(
  response: ServerResponse,
  pieces: Iterable<string | Buffer>,
  streams: AtsServer["streams"],
): void {
  const record = { bytes: 0, closed: false };
  streams.push(record);
  const iterator = pieces[Symbol.iterator]();
  const write = () => {
    while (!record.closed) {
      const next = iterator.next();
      if (next.done) {
        response.end();
        return;
      }
      record.bytes += Buffer.byteLength(next.value);
      if (!response.write(next.value)) {
        response.once("drain", write);
        return;
      }
    }
  };
  // A client that stops reading closes the socket: stop writing to it.
  response.on("close", () => (record.closed = true));
  write();
}
