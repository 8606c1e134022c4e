import { and, eq, lte, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { scheduledTasks } from "../db/schema";
import { log } from "../log";

/*
 * Periodic work, run once across every instance. Each process ticks (every 30 s); on each tick
 * it tries to claim every task that is due, in one UPDATE that moves the task's next_run_at on
 * only while it is still due: when several processes try at once, PostgreSQL lets one update the
 * row and the others, re-reading it, find it no longer due. The one that claimed it runs it.
 * A run that fails is logged and tried again when the task is next due.
 */

export type ScheduledTask = {
  /** Its row in scheduled_tasks. */
  name: string;
  /** Seconds from one run to the next. */
  everySeconds: number;
  run: (db: Database) => Promise<void>;
};

export const TICK_MS = 30_000;

/** Claims `task` when it is due: true for exactly one of any number of claims at once. */
export async function claimTask(
  db: Database,
  task: Pick<ScheduledTask, "name" | "everySeconds">,
): Promise<boolean> {
  // A task seen for the first time is due at once.
  await db
    .insert(scheduledTasks)
    .values({ name: task.name, nextRunAt: sql`now()` })
    .onConflictDoNothing();
  const claimed = await db
    .update(scheduledTasks)
    .set({
      nextRunAt: sql`now() + ${task.everySeconds}::integer * interval '1 second'`,
      lastRunAt: sql`now()`,
    })
    .where(and(eq(scheduledTasks.name, task.name), lte(scheduledTasks.nextRunAt, sql`now()`)))
    .returning({ name: scheduledTasks.name });
  return claimed.length === 1;
}

export type Scheduler = {
  /** Claims and runs what is due now (the timer does this every tick). */
  tick: () => Promise<void>;
  /** Stops ticking, and waits for a run in progress to end. */
  stop: () => Promise<void>;
};

/** Ticks every `tickMs` (and once at once) on a timer that does not keep the process alive. */
export function startScheduler(
  tasks: readonly ScheduledTask[],
  options: { database: () => Promise<Database>; tickMs?: number },
): Scheduler {
  let running: Promise<void> | undefined;
  let stopped = false;

  const runDue = async () => {
    let db: Database;
    try {
      db = await options.database();
    } catch (error) {
      log.warn({ err: error }, "Scheduled tasks skipped: no database");
      return;
    }
    for (const task of tasks) {
      if (stopped) return;
      try {
        if (!(await claimTask(db, task))) continue;
        const started = performance.now();
        await task.run(db);
        log.debug(
          { task: task.name, ms: Math.round(performance.now() - started) },
          "Scheduled task ran",
        );
      } catch (error) {
        log.error({ err: error, task: task.name }, "A scheduled task failed");
      }
    }
  };
  // Never two ticks at once in one process: a slow run makes the next tick wait its turn.
  const tick = () => (running ??= runDue().finally(() => (running = undefined)));

  const timer = setInterval(() => void tick(), options.tickMs ?? TICK_MS);
  timer.unref();
  void tick();

  return {
    tick,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
