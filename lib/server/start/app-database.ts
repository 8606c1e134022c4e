import { getDatabaseHandle, type DatabaseHandle } from "../db";
import { backfillJobPlaces } from "@/features/listings/server/place-backfill";
import { seedBoardContent } from "@/features/content/server/content-seed";
import { log } from "../log";
import { isDatabaseEmpty } from "../sample-board/is-empty";

/**
 * The app's database as the server and the worker open it (scripts/server.ts, scripts/worker.ts):
 * migrated, then, under the migration lock, rows from before a migration brought up to date, a
 * new board's written pages seeded from content/, and
 * on a first start (the embedded database, or SEED_SAMPLE_DATA=true) the sample board seeded. The
 * database layer (lib/server/db) knows no domain: this is where its start-up work is named.
 */
export function openAppDatabase(): Promise<DatabaseHandle> {
  return getDatabaseHandle(async ({ db, kind }, env) => {
    // Jobs written before migration 0015 get their place as data from their words.
    await backfillJobPlaces(db);
    // A new board's legal documents, partner offers and blog, from content/ (issue 64), once.
    const posts = await seedBoardContent(db);
    if (posts > 0) log.info({ posts }, "Seeded the blog");
    const seed = env.SEED_SAMPLE_DATA ? env.SEED_SAMPLE_DATA === "true" : kind === "pglite";
    if (!seed) return;
    // Loaded only to seed (issue 48): the sample board's generator, its PDF and image makers
    // would otherwise stay in every process's memory for a job done once.
    if (!(await isDatabaseEmpty(db))) return;
    const { seedSampleBoard } = await import("../sample-board/seed");
    // Dated from today, so the open roles are open now and the newest were posted this month.
    const counts = await seedSampleBoard(db, { now: new Date() });
    log.info(counts, "Seeded the sample board");
    // The seed ends by gathering statistics, refilling the vocabularies and salary figures and
    // rolling up its history: the periodic tasks that do the same are not due again for a whole
    // interval.
    const [{ recordTasksRun }, { SCHEDULED_TASKS }, { QUEUES }] = await Promise.all([
      import("../worker/scheduler"),
      import("../worker/tasks"),
      import("@/lib/queue/constants"),
    ]);
    await recordTasksRun(db, SCHEDULED_TASKS, [
      QUEUES.analyze,
      QUEUES.searchTerms,
      QUEUES.salaryFigures,
      QUEUES.funnelDaily,
    ]);
  });
}
