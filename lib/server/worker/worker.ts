import type { Job, PgBoss } from "pg-boss";
import { mailAttachments } from "@/features/billing/server/invoice-mails";
import type { DatabaseHandle } from "../db";
import { readServerEnv } from "../env";
import type { SearchEngineNotice } from "@/features/feeds/server/enqueue";
import { sendSearchEngineNotices } from "@/features/feeds/server/send";
import { log } from "../log";
import type { MailMessage } from "../mail/messages";
import type { MailRenderer } from "../mail/render";
import { sendMail } from "../mail/send";
import { refreshBoardSettings } from "../board-settings";
import { enqueueDueTasks, startScheduler, type Scheduler, type TaskData } from "./scheduler";
import { runTask, SCHEDULED_TASKS } from "./tasks";
import { QUEUES, type QueueName } from "../queue/queue";

/*
 * The workers: what each queue's jobs do, run either continuously (in the server, unless
 * WORKER=false, or in `npm run worker`) or once over what is due (`npm run worker -- --once`).
 */

type TaskQueue = Exclude<QueueName, "mail" | "search-engines">;

// The templates (React Email) are loaded with the first message sent, not with the worker
// (issue 48): a process that sends no mail never holds them.
const renderMail: MailRenderer = async (message) =>
  (await import("./mail-templates")).renderMail(message);

/** Runs one job of `queue`; throws to have pg-boss retry it. */
async function runJob(
  handle: DatabaseHandle,
  boss: PgBoss,
  queue: QueueName,
  job: Pick<Job<unknown>, "data" | "retryCount">,
): Promise<void> {
  if (queue === QUEUES.mail) {
    const message = job.data as MailMessage;
    // The board's name and contact address as the owner set them (lib/board-settings.ts).
    await refreshBoardSettings(handle.db);
    // An invoice's mail carries its PDF, rendered now (features/billing/server/invoice-mails.ts).
    await sendMail(message, {
      render: renderMail,
      attachments: await mailAttachments(handle.db, message),
    });
    return;
  }
  await runTask(queue as TaskQueue, {
    db: handle.db,
    boss,
    now: new Date(),
    data: (job.data ?? {}) as TaskData,
    retryCount: job.retryCount,
  });
}

const ALL_QUEUES = Object.values(QUEUES);

export type Workers = { stop: () => Promise<void> };

/*
 * How a worker finds its jobs. A job that can run at once wakes its queue's workers when it is
 * inserted (pg-boss's LISTEN/NOTIFY: every queue notifies, lib/server/queue/queue.ts), and a worker
 * that has just run a job looks for the next at once (drain), so neither waits for a poll. What
 * no NOTIFY announces (a retry, or a job to start later, coming due) is found by the backstop
 * poll: every BACKSTOP_SECONDS, or the queue's first retry delay when shorter (tests shorten it),
 * never under POLL_SECONDS. Where LISTEN cannot be held (a pooler in transaction mode), pg-boss
 * polls every POLL_SECONDS instead. Before, each of the twenty-odd queues polled every 2 s in every
 * process: a dozen statements a second on an idle board (on PGlite some 30 ms of the database
 * thread's time a second).
 */
const POLL_SECONDS = 2;
const BACKSTOP_SECONDS = 30;

async function pollingOf(boss: PgBoss, queue: QueueName) {
  const retryDelay = (await boss.getQueue(queue))?.retryDelay ?? BACKSTOP_SECONDS;
  return {
    pollingIntervalSeconds: POLL_SECONDS,
    notifyPollingIntervalSeconds: Math.min(BACKSTOP_SECONDS, Math.max(POLL_SECONDS, retryDelay)),
  };
}

/** This process's workers on `queue` look for a job at once instead of waiting out their poll. */
function wake(boss: PgBoss, queue: QueueName) {
  for (const worker of boss.getWipData()) {
    if (worker.name === queue) boss.notifyWorker(worker.id);
  }
}

/**
 * Works every queue in this process until stopped, and ticks the periodic tasks' clock (which
 * queues their runs when due). Mail is sent two at a time per process; upkeep one at a time.
 */
export async function startWorkers(handle: DatabaseHandle, boss: PgBoss): Promise<Workers> {
  const ids: string[] = [];
  // Search engine notices in batches: IndexNow takes many URLs in one request. Each notice is
  // settled on its own (perJobResults): one engine's failure retries only its notices.
  const notices = {
    batchSize: 100,
    perJobResults: true,
    ...(await pollingOf(boss, QUEUES.searchEngines)),
  } as const;
  ids.push(
    await boss.work<SearchEngineNotice, unknown, typeof notices>(
      QUEUES.searchEngines,
      notices,
      async (jobs: Job<SearchEngineNotice>[]) => {
        const outcomes = await sendSearchEngineNotices(jobs).finally(() =>
          wake(boss, QUEUES.searchEngines),
        );
        return outcomes.map(({ id, error }) => {
          if (error) log.warn({ queue: QUEUES.searchEngines, job: id, error }, "A job failed");
          return error
            ? { id, status: "failed" as const, output: { message: error } }
            : { id, status: "completed" as const };
        });
      },
    ),
  );
  for (const queue of ALL_QUEUES.filter((name) => name !== QUEUES.searchEngines)) {
    const id = await boss.work<unknown>(
      queue,
      {
        batchSize: 1,
        localConcurrency: queue === QUEUES.mail ? 2 : 1,
        ...(await pollingOf(boss, queue)),
      },
      async ([job]: Job<unknown>[]) => {
        try {
          await runJob(handle, boss, queue, job!);
        } catch (error) {
          log.warn({ err: error, queue, job: job!.id, retry: job!.retryCount }, "A job failed");
          throw error;
        } finally {
          wake(boss, queue);
        }
      },
    );
    ids.push(id);
  }
  const scheduler: Scheduler = startScheduler(SCHEDULED_TASKS, {
    database: async () => handle.db,
    queue: async () => boss,
  });
  // Answers by mail to the applications' conversations come in where the queue is worked.
  const env = readServerEnv();
  const inbox =
    env.INBOUND_SMTP_PORT && env.INBOUND_MAIL_DOMAIN
      ? // Loaded only where replies come in by mail: its SMTP server, parser and templates.
        await (
          await import("@/features/applications/server/reply-inbox")
        ).startReplyInbox(handle.db, {
          port: env.INBOUND_SMTP_PORT,
          host: env.INBOUND_SMTP_HOST ?? process.env.HOST ?? "127.0.0.1",
          relay: env.INBOUND_RELAY_AUTHSERV_ID
            ? { addresses: env.INBOUND_TRUSTED_RELAYS, authservId: env.INBOUND_RELAY_AUTHSERV_ID }
            : undefined,
          arcSealers: env.INBOUND_ARC_SEALERS,
          // Delivery reports and complaints of the newsletter, at its VERP envelope senders.
          kinds: [(await import("@/features/newsletter/server/bounces")).bounceRecipients],
        })
      : undefined;
  return {
    stop: async () => {
      await inbox?.close();
      await scheduler.stop();
      await Promise.all(ALL_QUEUES.map((queue) => boss.offWork(queue, { wait: true })));
    },
  };
}

/** What `runOnce` did: the periodic tasks it queued, and per queue the jobs done and failed. */
export type OnceSummary = {
  queued: string[];
  queues: Partial<Record<QueueName, { done: number; failed: number }>>;
};

// Periodic work first, every task of it (a list of its own here had left some tasks' runs
// queued and never run): its runs queue the mail that follows.
const DRAIN_ORDER: readonly QueueName[] = [
  ...SCHEDULED_TASKS.map((task) => task.name),
  // Import runs, queued by their scheduled task.
  QUEUES.atsSync,
  // Social posts, queued by their sweep.
  QUEUES.socialPost,
  QUEUES.mail,
  QUEUES.searchEngines,
];

/**
 * Queues the periodic tasks that are due (all of them with `now`), then runs every job that is
 * ready on every queue, including those the runs queue, until none is left; retries that are
 * not due yet stay for later. Safe next to running workers: each job is claimed by one.
 */
export async function runOnce(
  handle: DatabaseHandle,
  boss: PgBoss,
  options: { now?: boolean } = {},
): Promise<OnceSummary> {
  const sent = new Map<QueueName, string>();
  const queued = await enqueueDueTasks(handle.db, boss, SCHEDULED_TASKS, {
    force: options.now,
    onSent: (name, id) => void (id && sent.set(name, id)),
  });
  const queues: OnceSummary["queues"] = {};
  const ranHere = new Set<string>();
  // Bounded, in case a job keeps queueing more: each pass takes what is ready now.
  for (let pass = 0; pass < 100; pass++) {
    let ran = 0;
    for (const queue of DRAIN_ORDER) {
      const jobs = await boss.fetch<unknown>(queue, { batchSize: 25 });
      if (queue === QUEUES.searchEngines && jobs.length > 0) {
        ran += jobs.length;
        const counts = (queues[queue] ??= { done: 0, failed: 0 });
        const notices = jobs as Job<SearchEngineNotice>[];
        for (const { id, error } of await sendSearchEngineNotices(notices)) {
          if (error) {
            log.warn({ queue, job: id, error }, "A job failed");
            await boss.fail(queue, id, { message: error });
            counts.failed++;
          } else {
            await boss.complete(queue, id);
            counts.done++;
          }
        }
        continue;
      }
      for (const job of jobs) {
        ran++;
        ranHere.add(job.id);
        const counts = (queues[queue] ??= { done: 0, failed: 0 });
        try {
          await runJob(handle, boss, queue, job);
          await boss.complete(queue, job.id);
          counts.done++;
        } catch (error) {
          log.warn({ err: error, queue, job: job.id }, "A job failed");
          const message = error instanceof Error ? error.message : String(error);
          await boss.fail(queue, job.id, { message });
          counts.failed++;
        }
      }
    }
    if (ran === 0) break;
  }
  // A server's own workers (on PGlite the server runs this for `--once`) wake on the same queues
  // and may take a run queued here before this loop does: those are waited for and counted too.
  const deadline = Date.now() + ONCE_WAIT_MS;
  for (const [queue, id] of sent) {
    if (ranHere.has(id)) continue;
    const state = await settledState(boss, queue, id, deadline);
    const counts = (queues[queue] ??= { done: 0, failed: 0 });
    if (state === "completed") counts.done++;
    else if (state === "failed") counts.failed++;
  }
  return { queued, queues };
}

/** How a job ended, once it has (or its state at `deadline`, if it is still running). */
async function settledState(
  boss: PgBoss,
  queue: QueueName,
  id: string,
  deadline: number,
): Promise<string | null> {
  for (;;) {
    const job = await boss.getJobById(queue, id);
    const state = job?.state ?? null;
    if (!state || ["completed", "failed", "cancelled"].includes(state)) return state;
    if (Date.now() > deadline) return state;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** How long `--once` waits, in all, for the runs other workers took. */
const ONCE_WAIT_MS = 120_000;
