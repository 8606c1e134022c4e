import { randomUUID } from "node:crypto";
import { Client, type Pool } from "pg";
import { log } from "../log";
import { applyPurge, PURGE_EVERYTHING, setPurgeBroadcast, type Purge } from "./page-cache";

/*
 * How a purge made in one process reaches the page caches of all of them, and the CDN:
 *
 * - On PostgreSQL, the process that purges NOTIFYs the purge (as JSON) on PURGE_CHANNEL, and every
 *   process LISTENs on a connection of its own (not a pool's: a pool hands its connections
 *   around) and applies what it hears. A listener that loses its connection connects again and
 *   then drops its whole cache, since it may have missed purges meanwhile.
 * - With PURGE_WEBHOOK_URL set, the process that purges POSTs it there, for a CDN's purge API:
 *   `{ "urls": [absolute URLs], "prefixes": [absolute URL prefixes] }`. A failure is logged;
 *   it never fails the request that caused the purge.
 */

export const PURGE_CHANNEL = "creator_jobs_purge";
/** NOTIFY takes payloads under 8000 bytes; larger purges are sent in parts. */
const MAX_PAYLOAD_BYTES = 7_000;
const WEBHOOK_TIMEOUT_MS = 5_000;
const RECONNECT_MAX_MS = 30_000;

type Message = Purge & { origin: string };

export type PurgeBusOptions = {
  /** PostgreSQL: NOTIFY through the pool, LISTEN on a connection of its own to this address. */
  postgres?: { pool: Pool; connectionString: string };
  /** Where to POST every purge made here. */
  webhookUrl?: string;
  /** The site's public address (NEXT_PUBLIC_SITE_URL), which the webhook's URLs start with. */
  siteUrl: string;
};

export type PurgeBus = {
  /** Resolves once the listener is listening (at once without PostgreSQL). */
  ready: Promise<void>;
  stop: () => Promise<void>;
};

/** `purge` in parts whose JSON (with the origin) fits a NOTIFY payload. */
export function splitPurge(purge: Purge, origin: string, maxBytes = MAX_PAYLOAD_BYTES): Message[] {
  const size = (message: Message) => Buffer.byteLength(JSON.stringify(message));
  const parts: Message[] = [];
  let part: Message = { origin, paths: [], prefixes: [] };
  const add = (key: "paths" | "prefixes", value: string) => {
    part[key].push(value);
    if (size(part) <= maxBytes) return;
    part[key].pop();
    if (part.paths.length + part.prefixes.length === 0) {
      log.warn({ bytes: Buffer.byteLength(value) }, "A purged path is too long to send; skipped");
      return;
    }
    parts.push(part);
    part = { origin, paths: [], prefixes: [] };
    add(key, value);
  };
  for (const path of purge.paths) add("paths", path);
  for (const prefix of purge.prefixes) add("prefixes", prefix);
  if (part.paths.length + part.prefixes.length > 0) parts.push(part);
  return parts;
}

/** A purge received as JSON, or undefined when it is not one. */
function readMessage(payload: string | undefined): Message | undefined {
  try {
    const value = JSON.parse(payload ?? "") as Partial<Message>;
    const strings = (list: unknown): list is string[] =>
      Array.isArray(list) && list.every((item) => typeof item === "string");
    if (typeof value.origin === "string" && strings(value.paths) && strings(value.prefixes)) {
      return { origin: value.origin, paths: value.paths, prefixes: value.prefixes };
    }
  } catch {
    // Not JSON: reported below.
  }
  return undefined;
}

/** The webhook's body: exact pages as absolute URLs, and absolute URL prefixes. */
export function webhookBody(purge: Purge, siteUrl: string) {
  const base = siteUrl.replace(/\/$/, "");
  return {
    urls: purge.paths.map((path) => base + path),
    prefixes: purge.prefixes.map((prefix) => base + prefix),
  };
}

async function postToWebhook(url: string, purge: Purge, siteUrl: string): Promise<void> {
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(webhookBody(purge, siteUrl)),
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    });
    await response.arrayBuffer();
    if (!response.ok) log.error({ status: response.status }, "The purge webhook refused a purge");
  } catch (error) {
    log.error({ err: error }, "The purge webhook could not be reached");
  }
}

/**
 * Starts carrying purges made in this process to the others and the CDN, and (on PostgreSQL)
 * applying the ones they make here.
 */
export function startPurgeBus(options: PurgeBusOptions): PurgeBus {
  const origin = randomUUID();
  const { postgres, webhookUrl, siteUrl } = options;

  setPurgeBroadcast(async (purge) => {
    // The CDN is told in the background: a slow one must not hold up the request.
    if (webhookUrl) void postToWebhook(webhookUrl, purge, siteUrl);
    if (!postgres) return;
    await Promise.all(
      splitPurge(purge, origin).map((message) =>
        postgres.pool
          .query("select pg_notify($1, $2)", [PURGE_CHANNEL, JSON.stringify(message)])
          .catch((error: unknown) =>
            log.error({ err: error }, "Could not send a purge to the other instances"),
          ),
      ),
    );
  });

  if (!postgres) {
    return { ready: Promise.resolve(), stop: async () => setPurgeBroadcast(undefined) };
  }

  let stopped = false;
  let client: Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let delay = 1_000;
  let connections = 0;
  let listening: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (listening = resolve));

  const listen = async () => {
    retry = undefined;
    if (stopped) return;
    const current = new Client({ connectionString: postgres.connectionString });
    client = current;
    let failed = false;
    const fail = (error?: Error) => {
      if (failed) return;
      failed = true;
      current.removeAllListeners("notification");
      current.end().catch(() => undefined);
      if (stopped) return;
      log.warn({ err: error, retryInMs: delay }, "The purge listener lost its connection");
      retry = setTimeout(() => void listen(), delay);
      retry.unref();
      delay = Math.min(delay * 2, RECONNECT_MAX_MS);
    };
    current.on("error", fail);
    current.on("end", () => fail());
    current.on("notification", ({ channel, payload }) => {
      if (channel !== PURGE_CHANNEL) return;
      const message = readMessage(payload);
      if (!message) {
        log.warn("Ignored a purge notification that is not one");
        return;
      }
      if (message.origin !== origin) {
        applyPurge({ paths: message.paths, prefixes: message.prefixes });
      }
    });
    try {
      await current.connect();
      await current.query(`LISTEN ${PURGE_CHANNEL}`);
    } catch (error) {
      fail(error as Error);
      return;
    }
    if (failed || stopped) return;
    connections += 1;
    delay = 1_000;
    // Purges made while it was away were missed: nothing kept may be trusted.
    if (connections > 1) {
      applyPurge(PURGE_EVERYTHING);
      log.info("The purge listener is back; dropped the page cache");
    }
    listening();
  };
  void listen();

  return {
    ready,
    stop: async () => {
      stopped = true;
      setPurgeBroadcast(undefined);
      if (retry) clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}
