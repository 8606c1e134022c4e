import type { Database } from "../client";
import { like, sql } from "drizzle-orm";
import { logoStore, type LogoStore } from "../../logos/logo-store";
import { companies, jobs, preferences, users } from "../schema";
import { generateSampleBoard, type SampleBoardOptions } from "./generate";
import { monogramKey } from "./monogram";
import { storeSampleLogos } from "./sample-logos";
import { generateSampleTalent, SAMPLE_UID_PREFIX } from "./talent";

/** Rows per INSERT: well under PostgreSQL's 65,535 bind parameters for the widest table. */
const BATCH_SIZE = 500;

/** True while the database has no jobs at all, i.e. nothing to lose by seeding it. */
export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const rows = await db.select({ id: jobs.id }).from(jobs).limit(1);
  return rows.length === 0;
}

/**
 * Inserts the sample board in one transaction, companies first; each job's `companyIndex`
 * becomes the id of the company inserted for it. The companies' logos are stored in `store`
 * (the app's logo store unless told) as uploads are: their files are written while the rows
 * go in, and the companies are given their addresses last, in the same transaction.
 */
export async function seedSampleBoard(
  db: Database,
  options: SampleBoardOptions = {},
  store: LogoStore = logoStore(),
): Promise<{ companies: number; jobs: number; candidates: number }> {
  const board = generateSampleBoard(options);
  const talent = generateSampleTalent();
  // Encoding runs on sharp's threads, beside the inserts; awaited (and so any error thrown)
  // inside the transaction. The catch only keeps an early failure from going unhandled.
  const logos = storeSampleLogos(
    board.companies.map((company) => company.monogram),
    store,
  );
  logos.catch(() => undefined);
  await db.transaction(async (tx) => {
    const companyIds: number[] = [];
    for (const batch of batches(board.companies)) {
      const inserted = await tx
        .insert(companies)
        .values(batch.map(({ monogram: _monogram, ...company }) => company))
        .returning({ id: companies.id, slug: companies.slug });
      // RETURNING order is not promised by SQL, so match rows back by their unique slug.
      const idBySlug = new Map(inserted.map((row) => [row.slug, row.id]));
      for (const company of batch) companyIds.push(idBySlug.get(company.slug)!);
    }
    for (const batch of batches(board.jobs)) {
      await tx.insert(jobs).values(
        batch.map(({ companyIndex, ...job }) => ({
          ...job,
          companyId: companyIds[companyIndex]!,
          // A sample job was last changed when it was published: its sitemap lastmod and feed
          // dates are then true to the board, not the moment it was seeded.
          createdAt: job.publishedAt ?? undefined,
          updatedAt: job.publishedAt ?? undefined,
        })),
      );
    }
    const people = await tx
      .insert(users)
      .values(talent.map((candidate) => candidate.user))
      .onConflictDoNothing({ target: users.firebaseUid })
      .returning({ id: users.id, uid: users.firebaseUid });
    const idByUid = new Map(people.map((person) => [person.uid, person.id]));
    const wanted = talent.filter((candidate) => idByUid.has(candidate.user.firebaseUid));
    if (wanted.length) {
      await tx.insert(preferences).values(
        wanted.map((candidate) => ({
          ...candidate.preferences,
          userId: idByUid.get(candidate.user.firebaseUid)!,
        })),
      );
    }
    const urls = await logos;
    const shown = board.companies.flatMap((company, index) =>
      company.monogram
        ? [sql`(${companyIds[index]!}::integer, ${urls.get(monogramKey(company.monogram))!})`]
        : [],
    );
    for (const batch of batches(shown)) {
      await tx.execute(sql`
        update ${companies} set logo_url = shown.url
        from (values ${sql.join(batch, sql`, `)}) as shown (id, url)
        where ${companies.id} = shown.id`);
    }
  });
  // Fresh statistics, so that queries on the new board are planned for its size: PGlite has no
  // autovacuum to gather them, and PostgreSQL's would get there only a while later.
  await db.execute(sql`analyze`);
  return {
    companies: board.companies.length,
    jobs: board.jobs.length,
    candidates: talent.length,
  };
}

/**
 * Removes every job and company (favorites and the like go with them by cascade) and the sample
 * candidates; real people's accounts stay.
 */
export async function clearSampleBoard(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(jobs);
    await tx.delete(companies);
    await tx.delete(users).where(like(users.firebaseUid, `${SAMPLE_UID_PREFIX}%`));
  });
}

function* batches<T>(rows: readonly T[]): Generator<T[]> {
  for (let start = 0; start < rows.length; start += BATCH_SIZE) {
    yield rows.slice(start, start + BATCH_SIZE);
  }
}
