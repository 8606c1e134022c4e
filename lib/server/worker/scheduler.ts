import { and, eq, inArray, lte, sql } from "drizzle-orm";
import type { PgBoss } from "pg-boss";
import type { Database } from "../db/client";
import { scheduledTasks } from "../db/schema";
import { log } from "../log";
import type { QueueName } from "../queue/queue";

/*
 * When periodic work is due, once across every instance. Each process that runs workers ticks
 * (every 30 s); on each tick it tries to claim every task that is due, in one UPDATE that moves
 * the task's next_run_at on only while it is still due: when several processes try at once,
 * PostgreSQL lets one update the row and the others, re-reading it, find it no longer due. The
 * one that claimed it puts one job for it on the queue (lib/server/queue), where a worker runs
 * it, with retries. (pg-boss's own cron sends jobs within a minute of their time on a timer of
 * its own; this one UPDATE answers "is it due now?" on demand, which `npm run worker -- --once`
 * needs, and runs tasks every N seconds, not at clock times.)
 */

export type ScheduledTask = {
  /** Its row in scheduled_tasks, and the queue its runs go on. */
  name: QueueName;
  /** Seconds from one run to the next. */
  everySeconds: number;
};

export const TICK_MS = 30_000;

/** A whole interval of `task` from now: when it is next due after a run. */
const nextRunAfter = (task: { everySeconds: number }) =>
  sql`now() + ${task.everySeconds}::integer * interval '1 second'`;

/** Claims `task` when it is due: true for exactly one of any number of claims at once. */
export async function claimTask(
  db: Database,
  task: { name: string; everySeconds: number },
): Promise<boolean> {
  // A task seen for the first time is due at once.
  await db
    .insert(scheduledTasks)
    .values({ name: task.name, nextRunAt: sql`now()` })
    .onConflictDoNothing();
  const claimed = await db
    .update(scheduledTasks)
    .set({
      nextRunAt: nextRunAfter(task),
      lastRunAt: sql`now()`,
    })
    .where(and(eq(scheduledTasks.name, task.name), lte(scheduledTasks.nextRunAt, sql`now()`)))
    .returning({ name: scheduledTasks.name });
  return claimed.length === 1;
}

/**
 * Records the tasks named as run just now, their next run a whole interval away: for work that a
 * start has just done itself. A task seen for the first time is due at once (claimTask), so
 * without this a new board's first serving process would at once gather the statistics and
 * refill the vocabularies the sample board's seed had gathered and refilled a moment before, in
 * the process that serves (on PGlite, ANALYZE's sample of the jobs grows the database's memory,
 * which WebAssembly never gives back, by some 6 MB).
 */
export async function recordTasksRun(
  db: Database,
  tasks: readonly ScheduledTask[],
  names: readonly QueueName[],
): Promise<void> {
  const done = tasks.filter(({ name }) => names.includes(name));
  if (done.length === 0) return;
  await db
    .insert(scheduledTasks)
    .values(
      done.map((task) => ({
        name: task.name,
        nextRunAt: nextRunAfter(task),
        lastRunAt: sql`now()`,
      })),
    )
    .onConflictDoUpdate({
      target: scheduledTasks.name,
      set: { nextRunAt: sql`excluded.next_run_at`, lastRunAt: sql`excluded.last_run_at` },
    });
}

/** What a task's job carries: `force` when an operator made it due (`--now`). */
export type TaskData = {
  force?: boolean;
  /** An import source's run (queue ats-sync): which source. */
  sourceId?: number;
  /** A social post's job (queue social-post): which post. */
  postId?: number;
};

/**
 * Claims each task that is due (every task when `force`: an operator's `--now`) and queues one
 * job for each claimed; returns their names. A task whose last job is still waiting is not
 * queued twice (singletonKey): a slow worker does not pile runs up.
 */
export async function enqueueDueTasks(
  db: Database,
  boss: PgBoss,
  tasks: readonly ScheduledTask[],
  options: {
    force?: boolean;
    /** Told each run queued here, with its job's id (null when pg-boss kept an earlier one). */
    onSent?: (name: ScheduledTask["name"], id: string | null) => void;
  } = {},
): Promise<string[]> {
  if (options.force) {
    await db
      .update(scheduledTasks)
      .set({ nextRunAt: sql`now()` })
      .where(
        inArray(
          scheduledTasks.name,
          tasks.map((task) => task.name),
        ),
      );
  }
  const queued: string[] = [];
  for (const task of tasks) {
    if (!(await claimTask(db, task))) continue;
    const data: TaskData = options.force ? { force: true } : {};
    const id = await boss.send(task.name, data, { singletonKey: task.name });
    options.onSent?.(task.name, id);
    queued.push(task.name);
  }
  return queued;
}

export type Scheduler = {
  /** Claims and queues what is due now (the timer does this every tick). */
  tick: () => Promise<void>;
  /** Stops ticking, and waits for a tick in progress to end. */
  stop: () => Promise<void>;
};

/** Ticks every `tickMs` (and once at once) on a timer that does not keep the process alive. */
export function startScheduler(
  tasks: readonly ScheduledTask[],
  options: { database: () => Promise<Database>; queue: () => Promise<PgBoss>; tickMs?: number },
): Scheduler {
  let running: Promise<void> | undefined;
  let stopped = false;

  const queueDue = async () => {
    if (stopped) return;
    try {
      const queued = await enqueueDueTasks(await options.database(), await options.queue(), tasks);
      if (queued.length) log.debug({ tasks: queued }, "Periodic tasks queued");
    } catch (error) {
      log.warn({ err: error }, "Periodic tasks not queued this tick");
    }
  };
  // Never two ticks at once in one process.
  const tick = () => (running ??= queueDue().finally(() => (running = undefined)));

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
