// @vitest-environment node
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { connectPglite, connectPgliteThread, rowsOf } from "@/lib/server/db/client";
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
    } finally {
      await again.close();
    }
  });
});
