import type { NextApiHandler, NextApiRequest, NextApiResponse } from "next";
import { createMocks, type RequestMethod } from "node-mocks-http";

let requests = 0;
/** A new client address for each request: rate limits count per address. */
const nextAddress = () => {
  requests += 1;
  return `10.${(requests >> 16) & 255}.${(requests >> 8) & 255}.${requests & 255}`;
};

/**
 * Runs an API route's handler on a request and returns its status, headers and JSON body.
 * The body goes through the request stream, as it does in the server (API routes read their
 * own bodies): `body` as JSON, or `raw` exactly as given.
 */
export async function callApi(
  handler: NextApiHandler,
  options: {
    method?: RequestMethod;
    /** The query string's parameters. */
    query?: Record<string, string | string[]>;
    /** The route's own parameters, as Next.js finds them in the path (`[jobId]`). */
    params?: Record<string, string>;
    headers?: Record<string, string>;
    body?: unknown;
    raw?: string | Buffer;
    /** The client's address, as the socket reports it; a new one for each call by default. */
    address?: string;
  } = {},
) {
  const raw = options.raw ?? (options.body === undefined ? "" : JSON.stringify(options.body));
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(options.query ?? {})) {
    for (const one of Array.isArray(value) ? value : [value]) search.append(key, one);
  }
  const { req, res } = createMocks<NextApiRequest, NextApiResponse>({
    method: options.method ?? "GET",
    url: `/api/route${search.size ? `?${search}` : ""}`,
    // As Next.js does: the query string's parameters and the route's, in one object.
    query: { ...options.query, ...options.params },
    headers: {
      ...(options.body !== undefined && { "content-type": "application/json" }),
      ...options.headers,
    },
  });
  Object.defineProperty(req, "socket", {
    value: { remoteAddress: options.address ?? nextAddress() },
  });
  // The mock request streams its body once the handler starts reading it.
  req.once("async_iterator", () => req.send(raw));
  await handler(req, res);
  const data = res._getData() as unknown;
  // A file (a CV) is answered as bytes; everything else is JSON, or nothing.
  const bytes = Buffer.isBuffer(data) ? data : Buffer.from(String(data ?? ""));
  const text = Buffer.isBuffer(data) ? "" : (data as string);
  return {
    status: res._getStatusCode(),
    headers: res._getHeaders(),
    body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined,
    bytes,
  };
}
