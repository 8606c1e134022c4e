import { getDatabaseHandle, type DatabaseHandle } from "../db";
import { backfillJobPlaces } from "@/features/listings/server/place-backfill";
import { seedLegalVersions } from "@/features/content/server/legal-versions";
import { seedPostsIfEmpty } from "@/features/content/server/post-seed";
import { log } from "../log";
import { isDatabaseEmpty } from "../sample-board/is-empty";

/**
 * The app's database as the server and the worker open it (scripts/server.ts, scripts/worker.ts):
 * migrated, then, under the migration lock, rows from before a migration brought up to date, a
 * new board's blog seeded from content/posts, and
 * on a first start (the embedded database, or SEED_SAMPLE_DATA=true) the sample board seeded. The
 * database layer (lib/server/db) knows no domain: this is where its start-up work is named.
 */
export function openAppDatabase(): Promise<DatabaseHandle> {
  return getDatabaseHandle(async ({ db, kind }, env) => {
    // Jobs written before migration 0015 get their place as data from their words.
    await backfillJobPlaces(db);
    // A new board's legal documents: version 1 of each from content/legal (issue 64).
    await seedLegalVersions(db);
    // A new board's blog: the posts that were files in content/posts (issue 64), once.
    const posts = await seedPostsIfEmpty(db);
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
  });
}
