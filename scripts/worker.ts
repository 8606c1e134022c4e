// The queue's worker on its own: mail, job alerts and upkeep (lib/server/queue).
// Usage (after `npm run build`):
//   npm run worker                  works every queue until SIGTERM (for deployments that run
//                                   web instances with WORKER=false)
//   npm run worker -- --once        runs every task that is due, and every job that is ready
//                                   (mail included), then exits
//   npm run worker -- --once --now  the same, with every periodic task made due first (job
//                                   alerts to every candidate who has them on, whatever the hour)
// On the embedded database (PGlite) a running server owns the data folder: the command asks
// it to do the run (lib/server/worker/control.ts) and prints what it did.
import "./production-mode";
import { closeDatabase } from "@/lib/server/db";
import { openAppDatabase } from "@/lib/server/start/app-database";
import { readServerEnv } from "@/lib/server/env";
import { log } from "@/lib/server/log";
import { closeMailTransports } from "@/lib/server/mail/send";
import { askRunningServer, controlSocketPath, serverRunsOn } from "@/lib/server/worker/control";
import { getQueue, stopQueue } from "@/lib/server/queue/queue";
import { runOnce, startWorkers, type OnceSummary } from "@/lib/server/worker/worker";
import { enqueueDueTasks } from "@/lib/server/worker/scheduler";
import { SCHEDULED_TASKS } from "@/lib/server/worker/tasks";

const once = process.argv.includes("--once");
const now = process.argv.includes("--now");
const env = readServerEnv();

function report(summary: OnceSummary, where: string) {
  const queues = Object.entries(summary.queues)
    .map(([queue, counts]) => `${queue}: ${counts.done} done, ${counts.failed} failed`)
    .join("; ");
  console.log(
    `${where}: queued ${summary.queued.length ? summary.queued.join(", ") : "no periodic task"}; ` +
      `${queues || "no job was ready"}.`,
  );
}

async function main() {
  if (!env.DATABASE_URL) {
    if (once) {
      const summary = await askRunningServer(env.DATA_DIR, { now });
      if (summary) return report(summary, "Ran by the server on this data folder");
    } else if (await serverRunsOn(env.DATA_DIR)) {
      console.error(
        `The server running on ${env.DATA_DIR} already works the queues (${controlSocketPath(env.DATA_DIR)}); use --once to ask it for a run.`,
      );
      process.exitCode = 1;
      return;
    }
  }
  const handle = await openAppDatabase();
  const boss = await getQueue(handle);
  if (once) {
    try {
      report(await runOnce(handle, boss, { now }), "Ran");
    } finally {
      await stopQueue(handle);
      closeMailTransports();
      await closeDatabase();
    }
    return;
  }
  if (now) await enqueueDueTasks(handle.db, boss, SCHEDULED_TASKS, { force: true });
  const workers = await startWorkers(handle, boss);
  log.info("Worker running: mail, job alerts and upkeep");
  const stop = async (signal: NodeJS.Signals) => {
    log.info({ signal }, "Worker stopping: finishing the jobs in hand");
    await workers.stop();
    await stopQueue(handle);
    closeMailTransports();
    await closeDatabase();
    process.exit(0);
  };
  process.once("SIGTERM", () => void stop("SIGTERM"));
  process.once("SIGINT", () => void stop("SIGINT"));
}

main().catch((error: unknown) => {
  log.fatal({ err: error }, "The worker failed");
  process.exit(1);
});
