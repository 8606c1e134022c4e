// @vitest-environment node
import { sql } from "drizzle-orm";
import type { PgBoss } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { rowsOf } from "@/lib/server/db/client";
import { closeMailTransports } from "@/lib/server/mail/send";
import type { MailMessage } from "@/lib/server/mail/messages";
import { enqueueMails, getQueue } from "@/lib/server/queue/queue";
import { SCHEDULED_TASKS } from "@/lib/server/worker/tasks";
import { startWorkers, type Workers } from "@/lib/server/worker/worker";
import { setUpTestDatabase } from "@/tests/support/database";
import { startSmtpInbox, type SmtpInbox } from "@/tests/fixtures/smtp-inbox";

/*
 * How the running workers find their jobs (lib/server/worker/worker.ts): an idle board does not
 * poll every queue every 2 s; a job inserted wakes its queue's workers (LISTEN/NOTIFY) and a
 * backlog drains at once, though the backstop poll is 30 s (the production retry delay, which
 * this file keeps). On PGlite the NOTIFY goes through PGlite's own listen, on PostgreSQL through
 * pg-boss's connection of its own.
 */

const handle = setUpTestDatabase();
const run = Math.random().toString(36).slice(2, 8);
let smtp: SmtpInbox;
let boss: PgBoss;
let workers: Workers | undefined;
/** The statements pg-boss sent that claim jobs (its fetch), by queue. */
const fetches: string[] = [];

beforeAll(async () => {
  boss = await getQueue(handle);
  smtp = await startSmtpInbox();
  vi.stubEnv("SMTP_URL", smtp.url);
  const db = boss.getDb();
  const execute = db.executeSql.bind(db);
  vi.spyOn(db, "executeSql").mockImplementation((text: string, values?: unknown[]) => {
    if (/skip locked/i.test(text)) fetches.push(text);
    return execute(text, values);
  });
  workers = await startWorkers(handle, boss);
});

afterAll(async () => {
  await workers?.stop();
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  closeMailTransports();
  await smtp.close();
});

/**
 * The periodic tasks' jobs (every task is due on a new board, and the scheduler queues them at
 * start): how many were queued, and how many of them can run now and have not finished.
 */
const startUpJobs = async () =>
  rowsOf<{ queued: number; unfinished: number }>(
    await handle.db.execute(
      sql`select count(*)::int as queued,
            (count(*) filter (where state in ('created', 'retry', 'active') and start_after <= now()))::int as unfinished
          from pgboss.job where name in ${sql.raw(`(${SCHEDULED_TASKS.map((task) => `'${task.name}'`).join(", ")})`)}`,
    ),
  )[0]!;

const message = (n: number): MailMessage => ({
  template: "account-deleted",
  to: `woken-${n}-${run}@example.com`,
  props: { recipientName: `Person ${n}` },
});

describe("the running workers", () => {
  it("do not poll an idle board's queues every 2 s", async () => {
    // The periodic tasks due at start are queued and run first.
    await vi.waitFor(
      async () =>
        expect(await startUpJobs()).toEqual({ queued: SCHEDULED_TASKS.length, unfinished: 0 }),
      { timeout: 120_000, interval: 250 },
    );
    const workerCount = boss.getWipData().length;
    expect(workerCount).toBeGreaterThan(20);
    const before = fetches.length;
    // An observation window, not a deadline: polling every 2 s, each worker would claim twice in
    // it; with the 30 s backstop, at most once.
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    expect(fetches.length - before).toBeLessThanOrEqual(workerCount);
  });

  it("take mail inserted while they wait, and drain a backlog, before the backstop poll", async () => {
    smtp.received.length = 0;
    const messages = Array.from({ length: 6 }, (_, i) => message(i));
    // One insert, so one NOTIFY: two mail workers take two, and each then looks again at once.
    await enqueueMails(boss, messages);
    await vi.waitFor(() => expect(smtp.received).toHaveLength(6), {
      timeout: 20_000,
      interval: 100,
    });
    expect(smtp.received.flatMap((received) => received.envelopeTo).sort()).toEqual(
      messages.map((m) => m.to).sort(),
    );
  });
});
