import { randomUUID } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";

/**
 * Every request has an id, sent back in X-Request-Id and written on its log lines. The server
 * layer sets it on the request too, so the routes read it from there.
 */
export const REQUEST_ID_HEADER = "x-request-id";

/** An id sent by a proxy in front is kept when it looks like one; others are replaced. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/** The id sent in X-Request-Id when it is sane, else a new one. */
export function requestIdOf(headers: IncomingHttpHeaders): string {
  const sent = headers[REQUEST_ID_HEADER];
  return typeof sent === "string" && SANE_REQUEST_ID.test(sent) ? sent : randomUUID();
}
