import type { ServerOptions } from "node:http";
import type { ServerEnv } from "../env";

/**
 * The production server's limits on slow clients (issue 40): its headers within
 * HEADERS_TIMEOUT_MS and the whole request, body included, within REQUEST_TIMEOUT_MS, else the
 * server answers 408 and closes the connection. Node checks them every
 * `connectionsCheckingInterval`, 30 s by default, which would let a request that declares 9 MB
 * and sends 1 kB hold its connection for a minute: checked every second instead.
 */
export const clientTimeouts = (
  env: Pick<ServerEnv, "HEADERS_TIMEOUT_MS" | "REQUEST_TIMEOUT_MS">,
): ServerOptions => ({
  // Node refuses a headers timeout longer than the request's.
  headersTimeout: Math.min(env.HEADERS_TIMEOUT_MS, env.REQUEST_TIMEOUT_MS),
  requestTimeout: env.REQUEST_TIMEOUT_MS,
  connectionsCheckingInterval: 1_000,
});
