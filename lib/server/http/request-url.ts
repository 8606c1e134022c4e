import type { IncomingMessage } from "node:http";

/*
 * The query string an API route reads is the one the client sent. Before a route runs, Next.js
 * rebuilds `req.url` from its own parse of the query (server-utils.js, normalizeCdnUrl), into a
 * plain object: a parameter named `__proto__` is lost there, so `?__proto__=1` would reach the
 * route as no parameter at all while `?constructor=1` is refused. The server layer keeps the URL
 * as sent on the request first; the key is a global symbol because the layer (dist/server.js)
 * and the routes (Next.js's bundles) are separate copies of this module.
 */
const SENT_URL = Symbol.for("creator-jobs.sent-url");

type WithSentUrl = IncomingMessage & { [SENT_URL]?: string };

/** Keeps `req.url` as the client sent it, for sentUrl; called before anything rewrites it. */
export function keepSentUrl(req: IncomingMessage): void {
  (req as WithSentUrl)[SENT_URL] = req.url;
}

/** The URL as the client sent it, or `req.url` where no server layer kept it (a route's tests). */
export const sentUrl = (req: IncomingMessage): string | undefined =>
  (req as WithSentUrl)[SENT_URL] ?? req.url;

/**
 * The query string of `url` with every key kept, in an object without a prototype (so
 * `__proto__`, `constructor` and `toString` are keys like any other, for the input policy and
 * the schema to refuse alike), each value a string or, when repeated, a list of them.
 */
export function queryOf(url: string | undefined): Record<string, string | string[]> {
  const query = Object.create(null) as Record<string, string | string[]>;
  const text = url ?? "";
  const start = text.indexOf("?");
  const search = start === -1 ? "" : text.slice(start + 1);
  for (const [key, value] of new URLSearchParams(search)) {
    const seen = query[key];
    query[key] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
  }
  return query;
}
