// @vitest-environment node
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import {
  onPurge,
  PageCache,
  purgeCachedPages,
  purgeMatches,
  purgesSent,
  registerPageCache,
  type Purge,
} from "@/lib/server/http/page-cache";
import { splitPurge, startPurgeBus, webhookBody } from "@/lib/server/http/purge-bus";
import { jobPagesPurge } from "@/features/jobs/server/forget-job-pages";
import { log } from "@/lib/server/log";

/*
 * Purges as values: what they match, how a large one is cut into NOTIFY-sized parts, and the
 * webhook a CDN's purge API can implement (POSTed by the process that purges, never failing
 * it). The NOTIFY/LISTEN side is tested on PostgreSQL in tests/db/purge-bus.test.ts.
 */

const SITE = "https://jobs.example";
const servers: Server[] = [];

afterEach(() => registerPageCache(undefined));
afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

describe("a purge", () => {
  it("matches exact paths and prefixes, never query strings", () => {
    const purge: Purge = { paths: ["/", "/jobs/12"], prefixes: ["/departments/", "/jobs/12-"] };
    expect(purgeMatches(purge, "/")).toBe(true);
    expect(purgeMatches(purge, "/jobs/12")).toBe(true);
    expect(purgeMatches(purge, "/jobs/12-video-editor")).toBe(true);
    expect(purgeMatches(purge, "/departments/design")).toBe(true);
    expect(purgeMatches(purge, "/jobs/123")).toBe(false);
    expect(purgeMatches(purge, "/blog")).toBe(false);
  });

  it("of a job's pages names the job, or every job page when there are many", () => {
    const one = jobPagesPurge([42]);
    expect(one.paths).toEqual(expect.arrayContaining(["/", "/sitemap.xml", "/jobs/42"]));
    expect(one.prefixes).toEqual(expect.arrayContaining(["/departments/", "/jobs/42-"]));
    const many = jobPagesPurge(Array.from({ length: 500 }, (_, i) => i + 1));
    expect(many.prefixes).toContain("/jobs/");
    expect(JSON.stringify(many).length).toBeLessThan(1000);
  });

  it("is cut into parts that each fit a NOTIFY payload, losing nothing", () => {
    const purge: Purge = {
      paths: Array.from({ length: 900 }, (_, i) => `/jobs/${i}-a-rather-long-slug-for-a-job`),
      prefixes: ["/departments/", "/regions/"],
    };
    const parts = splitPurge(purge, "origin-1", 2000);
    expect(parts.length).toBeGreaterThan(10);
    for (const part of parts) {
      expect(Buffer.byteLength(JSON.stringify(part))).toBeLessThanOrEqual(2000);
      expect(part.origin).toBe("origin-1");
    }
    expect(parts.flatMap((part) => part.paths)).toEqual(purge.paths);
    expect(parts.flatMap((part) => part.prefixes)).toEqual(purge.prefixes);
    expect(splitPurge({ paths: [], prefixes: [] }, "origin-1")).toEqual([]);
  });

  it("drops matching pages here and tells every listener", () => {
    const cache = new PageCache();
    registerPageCache(cache);
    const page = { status: 200, headers: {}, body: Buffer.from("page") };
    for (const url of ["/departments/design?page=2", "/blog", "/_next/data/b1/regions/uk.json"]) {
      cache.store(url, page, { maxAge: 60, staleFor: 0 });
    }
    const heard: Purge[] = [];
    const stop = onPurge((purge) => heard.push(purge));
    const purge = { paths: [], prefixes: ["/departments/", "/regions/"] };
    expect(purgeCachedPages(purge)).toBe(2);
    stop();
    purgeCachedPages(purge);
    expect(heard).toEqual([purge]);
    expect(cache.peek("/blog")).toBeDefined();
  });
});

describe("the CDN webhook", () => {
  it("gets every purge made here as absolute URLs and prefixes", async () => {
    expect(webhookBody({ paths: ["/", "/jobs/7"], prefixes: ["/types/"] }, `${SITE}/`)).toEqual({
      urls: [`${SITE}/`, `${SITE}/jobs/7`],
      prefixes: [`${SITE}/types/`],
    });

    const received: { body: unknown; type: string | undefined }[] = [];
    const hook = createServer((req: IncomingMessage, res) => {
      let text = "";
      req.on("data", (chunk: Buffer) => (text += chunk.toString()));
      req.on("end", () => {
        received.push({ body: JSON.parse(text), type: req.headers["content-type"] });
        res.end();
      });
    });
    servers.push(hook);
    await new Promise<void>((resolve) => hook.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/purge`;

    const bus = startPurgeBus({ webhookUrl: url, siteUrl: SITE });
    await bus.ready;
    purgeCachedPages(jobPagesPurge([7]));
    await purgesSent();
    for (let waited = 0; received.length === 0 && waited < 5000; waited += 20) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await bus.stop();
    expect(received).toHaveLength(1);
    expect(received[0]!.type).toBe("application/json");
    expect(received[0]!.body).toMatchObject({
      urls: expect.arrayContaining([`${SITE}/`, `${SITE}/jobs/7`, `${SITE}/sitemap.xml`]),
      prefixes: expect.arrayContaining([`${SITE}/departments/`, `${SITE}/jobs/7-`]),
    });
  });

  it("that cannot be reached is logged, and the purge still happens here", async () => {
    // A port nothing listens on.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));

    const cache = new PageCache();
    registerPageCache(cache);
    cache.store(
      "/",
      { status: 200, headers: {}, body: Buffer.from("home") },
      { maxAge: 60, staleFor: 0 },
    );
    const errors: unknown[] = [];
    const error = log.error.bind(log);
    log.error = ((...args: unknown[]) => void errors.push(args)) as typeof log.error;
    try {
      const bus = startPurgeBus({ webhookUrl: `http://127.0.0.1:${port}/`, siteUrl: SITE });
      expect(purgeCachedPages({ paths: ["/"], prefixes: [] })).toBe(1);
      await purgesSent();
      for (let waited = 0; errors.length === 0 && waited < 5000; waited += 20) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await bus.stop();
    } finally {
      log.error = error;
    }
    expect(errors).toHaveLength(1);
    expect(cache.peek("/")).toBeUndefined();
  });
});
