import { sql } from "drizzle-orm";
import type { z } from "zod";
import type { queueStatusSchema } from "@/lib/queue/schemas";
import { rowsOf, type Database } from "../db/client";
import { notFound } from "../errors";
import { getQueue, QUEUES } from "./queue";

type QueueStatus = z.infer<typeof queueStatusSchema>;

/** The failed jobs a moderator sees: the newest first. */
const FAILED_SHOWN = 50;

/**
 * Each queue's backlog and its failed jobs, read from pg-boss's own table (its API counts from
 * a cache refreshed each minute; moderators want the state as it is).
 */
export async function queueStatus(db: Database): Promise<QueueStatus> {
  await getQueue();
  const counts = rowsOf<{ name: string; state: string; count: number }>(
    await db.execute(sql`
    select name, state, count(*)::int as count from pgboss.job
    where state in ('created', 'retry', 'active', 'failed')
    group by name, state`),
  );
  const failed = rowsOf<{
    id: string;
    name: string;
    template: string | null;
    to: string | null;
    error: string | null;
    tries: number;
    created_on: Date | string;
    completed_on: Date | string | null;
  }>(
    await db.execute(sql`
    select id, name, data->>'template' as template, data->>'to' as "to",
      output->>'message' as error, retry_count + 1 as tries, created_on, completed_on
    from pgboss.job where state = 'failed'
    order by completed_on desc nulls last limit ${FAILED_SHOWN}`),
  );
  const byQueue = new Map<string, { waiting: number; active: number; failed: number }>(
    Object.values(QUEUES).map((name) => [name, { waiting: 0, active: 0, failed: 0 }]),
  );
  for (const row of counts) {
    const entry = byQueue.get(row.name);
    if (!entry) continue;
    if (row.state === "active") entry.active += row.count;
    else if (row.state === "failed") entry.failed += row.count;
    else entry.waiting += row.count;
  }
  const iso = (value: Date | string) => new Date(value).toISOString();
  return {
    queues: [...byQueue].map(([name, entry]) => ({ name, ...entry })),
    failed: failed.map((row) => ({
      id: row.id,
      queue: row.name,
      template: row.template,
      to: row.to,
      error: row.error,
      tries: row.tries,
      created_at: iso(row.created_on),
      failed_at: row.completed_on === null ? null : iso(row.completed_on),
    })),
  };
}

/** Puts a failed job back in its queue, to be tried again at once. */
export async function retryFailedJob(
  db: Database,
  id: string,
): Promise<{ id: string; retried: true }> {
  const boss = await getQueue();
  const [row] = rowsOf<{ name: string }>(
    await db.execute(sql`select name from pgboss.job where id = ${id}::uuid and state = 'failed'`),
  );
  if (!row) throw notFound("There is no failed job with that id");
  await boss.retry(row.name, id);
  return { id, retried: true };
}
