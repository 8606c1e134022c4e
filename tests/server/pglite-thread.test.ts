// @vitest-environment node
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { rowsOf } from "@/lib/server/db/client";
import { connectPglite, connectPgliteThread } from "@/lib/server/db/pglite-client";
import type { ChannelClient } from "@/lib/server/db/pglite-channel";
import { databaseErrorCode } from "@/lib/server/db/errors";
import { companies } from "@/lib/server/db/schema";
import { getQueue } from "@/lib/server/queue/queue";

/*
 * The embedded database on its own thread (issue 67), as the server opens it: the same drizzle
 * database, its statements run on PGlite's thread while this one goes on; transactions hold the
 * database as they do in the process; the job queue runs on it; closed, PostgreSQL has shut down
 * cleanly and the folder opens again, in the process, with what was written.
 */

const dataDir = mkdtempSync(join(tmpdir(), "pglite-thread-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("the database thread", () => {
  it("runs statements off this thread, transactions whole, the queue, and closes cleanly", async () => {
    const handle = await connectPgliteThread(dataDir);
    try {
      await handle.migrate();
      const { db } = handle;

      // This thread goes on while a statement runs there: a timer fires while the database sleeps.
      let slept = false;
      const sleeping = db.execute(sql`select pg_sleep(3)`).then(() => (slept = true));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(slept).toBe(false);
      await sleeping;

      // Two transactions at once: each sees only its own rows until it commits; one that throws
      // leaves nothing behind.
      const inTransaction = (name: string) =>
        db.transaction(async (tx) => {
          await tx.insert(companies).values({ slug: name, name });
          await new Promise((resolve) => setTimeout(resolve, 5));
          const rows = rowsOf<{ n: number }>(
            await tx.execute(
              sql`select count(*)::int as n from companies where slug like 'thread-%'`,
            ),
          );
          return rows[0]!.n;
        });
      const seen = await Promise.all([inTransaction("thread-a"), inTransaction("thread-b")]);
      expect(seen.sort()).toEqual([1, 2]);
      await expect(
        db.transaction(async (tx) => {
          await tx.insert(companies).values({ slug: "thread-c", name: "東京 Studio" });
          throw new Error("changed its mind");
        }),
      ).rejects.toThrow("changed its mind");

      // PostgreSQL's errors cross with their fields: a unique violation is still one, and the
      // failed statement leaves the transaction rolled back and the database usable.
      const duplicate = await db
        .transaction(async (tx) => {
          await tx.insert(companies).values({ slug: "thread-d", name: "Studio Łódź" });
          await tx.insert(companies).values({ slug: "thread-a", name: "again" });
        })
        .catch((error: unknown) => error);
      expect(databaseErrorCode(duplicate)).toBe("23505");
      // drizzle's own rollback, and a transaction's handle used after its end, refused.
      let kept: { execute: typeof db.execute } | undefined;
      await db
        .transaction(async (tx) => {
          kept = tx;
          await tx.insert(companies).values({ slug: "thread-e", name: "مرحبا" });
          tx.rollback();
        })
        .catch(() => undefined);
      const late = (await kept!.execute(sql`select 1`).catch((error: unknown) => error)) as Error;
      expect(String(late.cause)).toMatch(/closed/i);
      // Dates and timestamps come back as drizzle reads them in the process; text in any script too.
      const [row] = rowsOf<{ at: string; day: string; name: string }>(
        await db.execute(
          sql`select timestamptz '2026-12-04 10:00:00+00' as at, date '2026-12-04' as day, 'クリエイター' as name`,
        ),
      );
      expect(row).toEqual({
        at: "2026-12-04 10:00:00+00",
        day: "2026-12-04",
        name: "クリエイター",
      });
      // A NOTIFY reaches a listener here (the queue's wake-ups), and stops when it unlistens.
      const client = handle.pglite as ChannelClient;
      const heard: string[] = [];
      const unlisten = await client.listen("thread_test", (payload) => heard.push(payload));
      await db.execute(sql`select pg_notify('thread_test', 'łódź')`);
      await expect.poll(() => heard).toEqual(["łódź"]);
      await unlisten();
      // Only parsers that keep PostgreSQL's text can cross; another is refused, not ignored.
      await expect(
        client.query("select 1 as n", [], { parsers: { 23: (value) => Number(value) * 2 } }),
      ).rejects.toThrow(/parsers/);

      // The thread says its own memory: PostgreSQL's WebAssembly memory lives there, not here.
      const memory = await client.memory(true);
      expect(memory.wasm).toBeGreaterThan(16 * 2 ** 20);
      expect(memory.heapTotal).toBeGreaterThanOrEqual(memory.heapUsed);
      expect(memory.heapUsed).toBeGreaterThan(0);

      // The queue, on the same channel.
      const boss = await getQueue(handle);
      const id = await boss.send("mail", { to: "a@example.com" });
      expect(id).toBeTruthy();
      const [job] = await boss.fetch("mail");
      expect(job?.id).toBe(id);
      await boss.complete("mail", job!.id);
    } finally {
      await handle.close();
    }

    // Closed cleanly: the folder opens again, with the rows committed and not the one rolled back.
    const again = connectPglite(dataDir);
    try {
      const rows = rowsOf<{ slug: string }>(
        await again.db.execute(
          sql`select slug from companies where slug like 'thread-%' order by slug`,
        ),
      );
      expect(rows.map((row) => row.slug)).toEqual(["thread-a", "thread-b"]);
      const after = rowsOf<{ n: number }>(
        await again.db.execute(
          sql`select count(*)::int as n from companies where slug in ('thread-d', 'thread-e')`,
        ),
      );
      expect(after[0]!.n).toBe(0);
    } finally {
      await again.close();
    }
    // Migrating a new database from nothing takes most of it: 16 s here on a quiet machine, more
    // on a busy one (the other tests copy a migrated template instead).
  }, 180_000);
});
