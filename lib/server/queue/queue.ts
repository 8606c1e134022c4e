import { sql } from "drizzle-orm";
import { fromDrizzle, fromPglite, PgBoss, type Queue } from "pg-boss";
import { getDatabaseHandle, type Database, type DatabaseHandle } from "../db";
import { log } from "../log";
import type { MailMessage } from "../mail/messages";
import { QUEUES, type QueueName } from "@/lib/queue/constants";

/*
 * The job queue: pg-boss, on the database the board already has (its own schema, "pgboss", in
 * the same PostgreSQL database, or in PGlite through pg-boss's PGlite adapter). Mail and the
 * periodic upkeep run as its jobs: a job is claimed by one worker across every instance (SKIP
 * LOCKED), retried with exponential backoff when it throws, and kept as failed once its retries
 * are spent, where moderators see it (/review).
 */

export { QUEUES, type QueueName };

type QueueOptions = Omit<Queue, "name">;

/**
 * Mail is retried for about a day (30 s, 1 min, 2 min, ... capped at an hour between tries): an
 * SMTP server that is down for an afternoon delays mail, it does not lose it. Upkeep runs again
 * at its next period anyway, so it is retried only a few times.
 */
export function queueOptions(retryDelaySeconds = 30): Record<QueueName, QueueOptions> {
  const options = queuePolicies(retryDelaySeconds);
  // Every queue NOTIFYs when a job is inserted that can run at once (in the inserting
  // transaction: at its commit), so its workers take it then instead of at their next poll
  // (lib/server/worker/worker.ts polls only as a backstop).
  for (const name of Object.keys(options) as QueueName[]) options[name].notify = true;
  return options;
}

function queuePolicies(retryDelaySeconds: number): Record<QueueName, QueueOptions> {
  const upkeep: QueueOptions = {
    retryLimit: 3,
    retryDelay: retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: 15 * 60,
  };
  return {
    mail: {
      retryLimit: 30,
      retryDelay: retryDelaySeconds,
      retryBackoff: true,
      retryDelayMax: 60 * 60,
      expireInSeconds: 5 * 60,
      // Sent mail is kept a week (what went to whom, for support), failed mail a month.
      deleteAfterSeconds: 7 * 24 * 60 * 60,
    },
    "expire-jobs": upkeep,
    "listing-ending": upkeep,
    "listing-countries": upkeep,
    "close-applications": upkeep,
    "applicant-digest": upkeep,
    "purge-applications": upkeep,
    "clean-checkouts": upkeep,
    "draft-reminders": upkeep,
    "forget-stats-visitors": upkeep,
    // A year's catch-up on a large board is a dozen statements of a month each.
    "funnel-daily": { ...upkeep, expireInSeconds: 60 * 60 },
    "job-alerts": { ...upkeep, expireInSeconds: 60 * 60 },
    analyze: upkeep,
    "search-terms": upkeep,
    "profile-terms": upkeep,
    "salary-figures": upkeep,
    "billing-reminders": upkeep,
    "invoice-mails": upkeep,
    "stripe-refunds": upkeep,
    "subscription-periods": upkeep,
    "ats-sources": upkeep,
    "publish-posts": upkeep,
    // A send of many thousands of batches: the run may take a while, and resumes if cut short.
    newsletter: { ...upkeep, expireInSeconds: 60 * 60 },
    "social-sweep": upkeep,
    // A channel that fails is tried four more times, 30 s, 1, 2 and 4 minutes apart
    // (SOCIAL_POST_RETRIES, features/social/server/posting.ts); then the owner sees it failed.
    "social-post": {
      retryLimit: 4,
      retryDelay: retryDelaySeconds,
      retryBackoff: true,
      retryDelayMax: 60 * 60,
      expireInSeconds: 5 * 60,
      deleteAfterSeconds: 7 * 24 * 60 * 60,
    },
    // A board that times out or answers 5xx is tried again twice, a minute then two later; a
    // run still failing then counts as failed (three in a row pause the source).
    "ats-sync": {
      retryLimit: 2,
      retryDelay: Math.max(1, retryDelaySeconds * 2),
      retryBackoff: true,
      expireInSeconds: 10 * 60,
    },
    // A search engine that is down or over its quota is tried again for about a day, as mail is.
    "search-engines": {
      retryLimit: 20,
      retryDelay: retryDelaySeconds,
      retryBackoff: true,
      retryDelayMax: 60 * 60,
      expireInSeconds: 5 * 60,
      // Kept a week: a change queued again meanwhile (same job id) is not sent twice.
      deleteAfterSeconds: 7 * 24 * 60 * 60,
    },
  };
}

export type QueueSetup = {
  /** Seconds before a failed job's first retry (doubling after); tests make it short. */
  retryDelaySeconds?: number;
};

const QUEUE_SLOT = Symbol.for("creator-jobs.queue");
type GlobalWithQueue = typeof globalThis & {
  [QUEUE_SLOT]?: WeakMap<DatabaseHandle, Promise<PgBoss>>;
};
const started = () => ((globalThis as GlobalWithQueue)[QUEUE_SLOT] ??= new WeakMap());

async function startQueue(handle: DatabaseHandle, setup: QueueSetup): Promise<PgBoss> {
  // pg-boss's own timers (maintenance, and its cron, which the board does not use: periodic
  // work is claimed in lib/server/worker) stay off the PGlite thread but for maintenance.
  // useListenNotify: one LISTEN per process (on PostgreSQL a connection of its own, on PGlite
  // the thread's listen, pglite-channel.ts) wakes the workers of a queue a job was inserted in.
  const common = {
    schedule: false,
    application_name: "creator-jobs-queue",
    useListenNotify: true,
  };
  const boss =
    handle.kind === "pglite"
      ? new PgBoss({ ...common, db: fromPglite(handle.pglite!), backend: "pglite" })
      : new PgBoss({ ...common, connectionString: handle.postgres!.connectionString, max: 3 });
  boss.on("error", (error) => log.error({ err: error }, "Job queue error"));
  // Installs or upgrades its schema under its own advisory lock: instances started together
  // install it once.
  await boss.start();
  for (const [name, options] of Object.entries(queueOptions(setup.retryDelaySeconds))) {
    if (await boss.getQueue(name)) {
      await boss.updateQueue(name, options);
      continue;
    }
    // Another instance may create it between the check and here: then it exists, as wanted.
    await boss.createQueue(name, options).catch(async (error: unknown) => {
      if (!(await boss.getQueue(name))) throw error;
    });
  }
  return boss;
}

/**
 * The queue on `handle` (by default the app's database), started once per process and handle.
 * It only sends and reads jobs; workers are attached by lib/server/worker/worker.ts.
 */
export async function getQueue(handle?: DatabaseHandle, setup: QueueSetup = {}): Promise<PgBoss> {
  const database = handle ?? (await getDatabaseHandle());
  const queues = started();
  let boss = queues.get(database);
  if (!boss) {
    boss = startQueue(database, setup);
    queues.set(database, boss);
    boss.catch(() => queues.delete(database));
    // Stopped before its database closes, whoever closes it.
    database.onClose(() => stopQueue(database));
  }
  return boss;
}

/** Stops the queue on `handle` (its workers finish their jobs first); before closing the database. */
export async function stopQueue(handle?: DatabaseHandle): Promise<void> {
  const database = handle ?? (await getDatabaseHandle());
  const boss = started().get(database);
  if (!boss) return;
  started().delete(database);
  const running = await boss.catch(() => undefined);
  // close: false, the database (and for PGlite the instance) belongs to the app.
  await running?.stop({ graceful: true, timeout: 20_000, close: database.kind !== "pglite" });
}

/**
 * Queues `messages` for the mail worker. With `tx` (a drizzle transaction), they are queued in
 * it: committed with the change they tell of, or not at all. Start the queue (getQueue) before
 * opening the transaction: on PGlite, starting it inside one would wait on the transaction.
 */
export async function enqueueMails(
  boss: PgBoss,
  messages: readonly MailMessage[],
  tx?: Database,
  /**
   * Each message's job id (a UUID): a message queued again under the same id is not inserted
   * twice (pg-boss skips an id it has), so a sender that may run twice mails once.
   */
  idOf?: (message: MailMessage) => string,
): Promise<void> {
  if (messages.length === 0) return;
  await boss.insert(
    QUEUES.mail,
    messages.map((data) => (idOf ? { id: idOf(data), data } : { data })),
    // pg-boss types the transaction it takes by its execute() result; drizzle's is that shape.
    tx ? { db: fromDrizzle(tx as unknown as Parameters<typeof fromDrizzle>[0], sql) } : undefined,
  );
}

/**
 * Runs `change` in a transaction and queues the mail it returns in the same transaction: the
 * mail goes out if and only if the change is made. Returns what `change` returns.
 */
export async function withMail<T>(
  db: Database,
  change: (tx: Database) => Promise<{ result: T; mail: readonly MailMessage[] }>,
): Promise<T> {
  const boss = await getQueue();
  return db.transaction(async (tx) => {
    const { result, mail } = await change(tx);
    await enqueueMails(boss, mail, tx);
    return result;
  });
}
