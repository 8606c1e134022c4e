// @vitest-environment node
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { connectPostgres } from "@/lib/server/db/client";
import { jobs, scheduledTasks } from "@/lib/server/db/schema";
import { onPurge, PageCache, registerPageCache, type Purge } from "@/lib/server/http/page-cache";
import { claimTask, recordTasksRun, startScheduler } from "@/lib/server/worker/scheduler";
import { expireJobs, TASK_HANDLERS } from "@/lib/server/worker/tasks";
import { getQueue, QUEUES } from "@/lib/server/queue/queue";
import { setUpTestDatabase } from "@/tests/support/database";
import { insertCompany, insertJob } from "@/tests/db/fixtures";

/*
 * Periodic work runs once across every instance: a task that is due is claimed by exactly one
 * of any number of processes trying at once (on PostgreSQL, over connections of their own), and
 * queued once; expiring jobs marks exactly the open jobs whose time is up and purges their pages.
 */

const handle = setUpTestDatabase();

afterAll(async () => {
  registerPageCache(undefined);
});

const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3_600_000);

describe("claiming a task", () => {
  it("is won by exactly one of many claims made at once, then not again until it is due", async () => {
    const task = { name: `claim-${Date.now()}`, everySeconds: 3600 };
    // On PostgreSQL, separate pools: as separate instances would claim, on separate connections.
    const url = handle.postgres?.connectionString;
    const others = url ? [connectPostgres(url), connectPostgres(url)] : [];
    try {
      const databases = [handle.db, ...others.map((other) => other.db)];
      const claims = await Promise.all(
        Array.from({ length: 12 }, (_, i) => claimTask(databases[i % databases.length]!, task)),
      );
      expect(claims.filter(Boolean)).toHaveLength(1);
      expect(await claimTask(handle.db, task)).toBe(false);

      const [row] = await handle.db
        .select()
        .from(scheduledTasks)
        .where(eq(scheduledTasks.name, task.name));
      const next = row!.nextRunAt.getTime() - row!.lastRunAt!.getTime();
      expect(next).toBe(3600 * 1000);

      // Once it is due again, one claim wins again.
      await handle.db
        .update(scheduledTasks)
        .set({ nextRunAt: sql`now() - interval '1 second'` })
        .where(eq(scheduledTasks.name, task.name));
      const again = await Promise.all(
        databases.flatMap((db) => [claimTask(db, task), claimTask(db, task)]),
      );
      expect(again.filter(Boolean)).toHaveLength(1);
    } finally {
      await Promise.all(others.map((other) => other.close()));
    }
  });

  it("queues one job for each due task on the scheduler's first tick, and none on the next", async () => {
    const boss = await getQueue(handle);
    await handle.db.delete(scheduledTasks);
    const tasks = [{ name: QUEUES.analyze, everySeconds: 60 }];
    const scheduler = startScheduler(tasks, {
      database: async () => handle.db,
      queue: async () => boss,
      tickMs: 60_000,
    });
    await scheduler.tick();
    await scheduler.tick();
    await scheduler.stop();
    const queued = await boss.fetch(QUEUES.analyze, { batchSize: 10 });
    expect(queued).toHaveLength(1);
    await boss.complete(QUEUES.analyze, queued[0]!.id);
  });
});

describe("recording tasks as run", () => {
  it("makes the named tasks due a whole interval later, new or known, and leaves the others", async () => {
    await handle.db.delete(scheduledTasks);
    const tasks = [
      { name: QUEUES.analyze, everySeconds: 24 * 60 * 60 },
      { name: QUEUES.searchTerms, everySeconds: 60 * 60 },
      { name: QUEUES.expireJobs, everySeconds: 60 },
    ];
    // searchTerms is known and due; analyze is new.
    await handle.db
      .insert(scheduledTasks)
      .values({ name: QUEUES.searchTerms, nextRunAt: sql`now()` });
    await recordTasksRun(handle.db, tasks, [QUEUES.analyze, QUEUES.searchTerms]);
    for (const task of tasks) {
      expect(await claimTask(handle.db, task), task.name).toBe(task.name === QUEUES.expireJobs);
    }
    const rows = await handle.db
      .select({
        name: scheduledTasks.name,
        hours: sql<number>`round(extract(epoch from next_run_at - now()) / 3600)::int`,
      })
      .from(scheduledTasks)
      .where(inArray(scheduledTasks.name, [QUEUES.analyze, QUEUES.searchTerms]))
      .orderBy(scheduledTasks.name);
    expect(rows).toEqual([
      { name: QUEUES.analyze, hours: 24 },
      { name: QUEUES.searchTerms, hours: 1 },
    ]);
  });
});

describe("expiring jobs", () => {
  it("marks the open jobs whose listing time is up, and purges their pages", async () => {
    const company = await insertCompany(handle.db, `expiry-${Date.now()}`, "Expiry Studio");
    const job = (title: string, fields: Partial<Parameters<typeof insertJob>[1]>) =>
      insertJob(handle.db, { title, companyId: company.id, ...fields });
    const due = await job("Due Editor", { expiresAt: hoursFromNow(-1) });
    const current = await job("Current Editor", { expiresAt: hoursFromNow(24) });
    const filled = await job("Filled Editor", { status: "filled", expiresAt: hoursFromNow(-1) });
    const pending = await job("Pending Editor", { status: "pending", expiresAt: hoursFromNow(-1) });

    const cache = new PageCache();
    registerPageCache(cache);
    const page = { status: 200, headers: {}, body: Buffer.from("old") };
    const lifetime = { maxAge: 60, staleFor: 60 };
    for (const url of [
      `/jobs/${due.id}-due-editor`,
      `/jobs/${current.id}-current-editor`,
      "/departments/design",
      "/",
      "/blog",
    ]) {
      cache.store(url, page, lifetime);
    }
    const heard: Purge[] = [];
    const stopListening = onPurge((purge) => heard.push(purge));
    try {
      await TASK_HANDLERS["expire-jobs"]({
        db: handle.db,
        boss: await getQueue(handle),
        now: new Date(),
        data: {},
      });
    } finally {
      stopListening();
    }

    const statuses = Object.fromEntries(
      (
        await handle.db
          .select({ id: jobs.id, status: jobs.status })
          .from(jobs)
          .where(inArray(jobs.id, [due.id, current.id, filled.id, pending.id]))
      ).map((row) => [row.id, row.status]),
    );
    expect(statuses).toEqual({
      [due.id]: "expired",
      [current.id]: "open",
      [filled.id]: "filled",
      [pending.id]: "pending",
    });
    expect(cache.peek(`/jobs/${due.id}-due-editor`)).toBeUndefined();
    expect(cache.peek("/departments/design")).toBeUndefined();
    expect(cache.peek("/")).toBeUndefined();
    expect(cache.peek(`/jobs/${current.id}-current-editor`)).toBeDefined();
    expect(cache.peek("/blog")).toBeDefined();
    expect(heard).toHaveLength(1);
    expect(heard[0]!.paths).toContain(`/jobs/${due.id}`);

    // Nothing left to expire: nothing purged.
    expect(await expireJobs(handle.db)).toEqual([]);
  });
});
