// @vitest-environment node
import { setTimeout as sleep } from "node:timers/promises";
import { Client } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  onPurge,
  PageCache,
  purgeCachedPages,
  purgesSent,
  registerPageCache,
  type Purge,
} from "@/lib/server/http/page-cache";
import { PURGE_CHANNEL, startPurgeBus, type PurgeBus } from "@/lib/server/http/purge-bus";
import { log } from "@/lib/server/log";
import { setUpTestDatabase } from "@/tests/support/database";

/*
 * Purges between processes over PostgreSQL's NOTIFY/LISTEN: a purge another process NOTIFYs is
 * applied here; one made here is sent (before purgesSent resolves) and not applied twice; a
 * listener whose connection is cut connects again and drops everything it may have missed.
 * PostgreSQL only (PGlite is one process: nothing to tell).
 */

const postgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!postgres)("purges between processes on PostgreSQL", () => {
  const handle = setUpTestDatabase();
  let bus: PurgeBus;
  let observer: Client;
  const seen: string[] = [];
  const heard: Purge[] = [];
  const cache = new PageCache();

  const page = { status: 200, headers: {}, body: Buffer.from("page") };
  const store = (...urls: string[]) =>
    urls.forEach((url) => cache.store(url, page, { maxAge: 600, staleFor: 0 }));
  const until = async (done: () => boolean, ms = 10_000) => {
    for (let waited = 0; !done(); waited += 20) {
      if (waited > ms) throw new Error("Timed out");
      await sleep(20);
    }
  };
  const notifyAs = (origin: string, purge: Purge) =>
    handle.postgres!.pool.query("select pg_notify($1, $2)", [
      PURGE_CHANNEL,
      JSON.stringify({ origin, ...purge }),
    ]);

  beforeAll(async () => {
    registerPageCache(cache);
    onPurge((purge) => heard.push(purge));
    bus = startPurgeBus({ postgres: handle.postgres, siteUrl: "https://jobs.example" });
    await bus.ready;
    // Another process listening on the same channel.
    observer = new Client({ connectionString: handle.postgres!.connectionString });
    await observer.connect();
    observer.on("notification", ({ payload }) => seen.push(payload ?? ""));
    await observer.query(`LISTEN ${PURGE_CHANNEL}`);
  });

  afterAll(async () => {
    await observer?.end();
    await bus?.stop();
    registerPageCache(undefined);
  });

  it("applies a purge another process sends", async () => {
    store("/departments/design", "/blog");
    await notifyAs("another-process", { paths: [], prefixes: ["/departments/"] });
    await until(() => cache.peek("/departments/design") === undefined);
    expect(cache.peek("/blog")).toBeDefined();
    expect(heard.at(-1)).toEqual({ paths: [], prefixes: ["/departments/"] });
  });

  it("sends a purge made here before purgesSent resolves, and applies it here once", async () => {
    store("/jobs/9");
    heard.length = 0;
    seen.length = 0;
    expect(purgeCachedPages({ paths: ["/jobs/9"], prefixes: [] })).toBe(1);
    await purgesSent();
    // The observer may still be receiving the last test's notification (another process's).
    const sentHere = () =>
      seen
        .map((payload) => JSON.parse(payload) as { origin: string })
        .filter(({ origin }) => origin !== "another-process");
    await until(() => sentHere().length === 1);
    expect(sentHere()[0]).toMatchObject({ paths: ["/jobs/9"], prefixes: [] });
    // Its own notification comes back to it too: ignored.
    await sleep(300);
    expect(heard).toHaveLength(1);
  });

  it("ignores notifications that are not purges", async () => {
    store("/regions/uk");
    const warn = log.warn.bind(log);
    const warnings: unknown[] = [];
    log.warn = ((...args: unknown[]) => void warnings.push(args)) as typeof log.warn;
    try {
      await handle.postgres!.pool.query("select pg_notify($1, $2)", [PURGE_CHANNEL, "{not json"]);
      await handle.postgres!.pool.query("select pg_notify($1, $2)", [
        PURGE_CHANNEL,
        JSON.stringify({ origin: "x", paths: "/regions/uk" }),
      ]);
      await until(() => warnings.length === 2);
    } finally {
      log.warn = warn;
    }
    expect(cache.peek("/regions/uk")).toBeDefined();
  });

  it("listens again after its connection is cut, dropping what it may have missed", async () => {
    store("/types/full-time", "/blog");
    heard.length = 0;
    const warn = log.warn.bind(log);
    log.warn = (() => undefined) as typeof log.warn;
    try {
      const cut = await handle.postgres!.pool.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where datname = current_database() and query = $1 and pid <> $2`,
        [`LISTEN ${PURGE_CHANNEL}`, (observer as unknown as { processID: number }).processID],
      );
      expect(cut.rowCount).toBe(1);
      // It connects again after a second, then drops everything.
      await until(() => heard.some((purge) => purge.prefixes.includes("/")));
    } finally {
      log.warn = warn;
    }
    expect(cache.peek("/blog")).toBeUndefined();

    store("/types/part-time");
    await notifyAs("another-process", { paths: ["/types/part-time"], prefixes: [] });
    await until(() => cache.peek("/types/part-time") === undefined);
  });
});
