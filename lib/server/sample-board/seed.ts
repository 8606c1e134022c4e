import type { Database } from "../db/client";
import { inArray, like, notInArray, sql } from "drizzle-orm";
import { refreshSearchTerms } from "@/features/jobs/server/search-plan";
import { refreshProfileSearchTerms } from "@/features/directory/server/vocabulary";
import { refreshSalaryFigures } from "@/features/salaries/server/salary-figures";
import { runDailyAnalytics } from "@/features/analytics/server/daily";
import { seedBoardContent } from "@/features/content/server/content-seed";
import { cvStore, deleteCvFiles, newCvKey, type CvStore } from "../storage/cv-store";
import { filePool } from "../storage/file-store";
import { logoStore, type LogoStore } from "@/features/companies/server/logo-store";
import {
  applicationMessages,
  applicationNotes,
  candidateCvs,
  companies,
  jobApplications,
  invoices,
  listingCredits,
  preferences,
  users,
} from "../db/schema";
import { generateSampleApplications, type SampleApplications } from "./applications";
import { generateSampleBoard, sampleJobKey, type SampleBoardOptions } from "./generate";
import { monogramKey } from "./monogram";
import { sampleCvPdf } from "./sample-cvs";
import { storeSampleLogos } from "./sample-logos";
import { deleteAllListings, insertListings } from "@/features/listings/server/listing-state";
import { generateSampleTalent, SAMPLE_UID_PREFIX, type SampleCandidate } from "./talent";

/** Rows per INSERT: well under PostgreSQL's 65,535 bind parameters for the widest table. */
const BATCH_SIZE = 500;

export { isDatabaseEmpty } from "./is-empty";

export type SeedCounts = {
  companies: number;
  jobs: number;
  candidates: number;
  applications: number;
};

/**
 * Inserts the sample board in one transaction, companies first; each job's `companyIndex`
 * becomes the id of the company inserted for it. The companies' logos are stored in `store`
 * (the app's logo store unless told) as uploads are: their files are written while the rows
 * go in, and the companies are given their addresses last, in the same transaction.
 *
 * The candidates' applications on the board come last, with their CVs as real PDFs written to
 * `cvs` before any row names them, as uploads are. Unless told, CVs go where the environment
 * keeps them when the logos do too; a caller that keeps the logos elsewhere (a test) names a
 * store for CVs as well, or null: its applications then have no CV on file, as if purged.
 */
export async function seedSampleBoard(
  db: Database,
  options: SampleBoardOptions = {},
  store?: LogoStore,
  cvs?: CvStore | null,
): Promise<SeedCounts> {
  const board = generateSampleBoard(options);
  const talent = generateSampleTalent();
  const sent = generateSampleApplications(board, talent, options);
  const cvFiles = cvs === undefined ? (store === undefined ? cvStore() : null) : cvs;
  // Encoding runs on sharp's threads, beside the inserts; awaited (and so any error thrown)
  // inside the transaction. The catch only keeps an early failure from going unhandled.
  const logos = storeSampleLogos(
    board.companies.map((company) => company.monogram),
    store ?? logoStore(),
  );
  logos.catch(() => undefined);
  const files = cvFiles ? storeSampleCvs(talent, sent, cvFiles) : Promise.resolve(null);
  files.catch(() => undefined);
  const cvNames = new Map(sent.cvs.map((cv) => [cv.candidateIndex, cv.name]));
  try {
    await db.transaction(async (tx) => {
      // A big board is inserted much faster when its GIN indexes gather the new rows in a
      // pending list first, merged once at the end (they keep none otherwise: migration 0021).
      await setGinPendingList(tx, true);
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
      // Only the listings that take applications on the board need their ids back.
      const jobIds = new Map<string, number>();
      for (const batch of batches(board.jobs)) {
        const inserted = await insertListings(
          tx,
          batch.map(({ companyIndex, ...job }) => ({
            ...job,
            companyId: companyIds[companyIndex]!,
            // A sample job was last changed when it was published: its sitemap lastmod and feed
            // dates are then true to the board, not the moment it was seeded.
            createdAt: job.publishedAt ?? undefined,
            updatedAt: job.publishedAt ?? undefined,
          })),
        );
        for (const row of inserted) {
          if (row.applyMethod !== "board") continue;
          jobIds.set(sampleJobKey(row.companyId, row.slug, row.publishedAt), row.id);
        }
      }
      const jobIdOf = (index: number) => {
        const job = board.jobs[index]!;
        return jobIds.get(sampleJobKey(companyIds[job.companyIndex]!, job.slug, job.publishedAt))!;
      };
      const people = await tx
        .insert(users)
        .values(
          talent.map((candidate) => ({
            ...candidate.user,
            lastActiveAt: new Date(
              (options.now ?? new Date()).getTime() - candidate.activeDaysAgo * 86_400_000,
            ),
          })),
        )
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
      // Candidates already there from before (their uid taken) apply too, as the same people.
      const userIdOf = new Map(
        (
          await tx
            .select({ id: users.id, uid: users.firebaseUid })
            .from(users)
            .where(like(users.firebaseUid, `${SAMPLE_UID_PREFIX}%`))
        ).map((person) => [person.uid, person.id]),
      );
      const candidateId = (index: number) => userIdOf.get(talent[index]!.user.firebaseUid)!;
      const keys = await files;
      const profileCvs = sent.cvs.flatMap((cv) => {
        const file = keys?.profiles.get(cv.candidateIndex);
        if (!file) return [];
        return [
          {
            userId: candidateId(cv.candidateIndex),
            cvKey: file.key,
            cvName: cv.name,
            cvBytes: file.bytes,
            uploadedAt: cv.uploadedAt,
          },
        ];
      });
      if (profileCvs.length > 0) {
        await tx.insert(candidateCvs).values(profileCvs).onConflictDoNothing();
      }
      const applicationIds = new Map<string, number>();
      for (const batch of batches(sent.applications)) {
        const inserted = await tx
          .insert(jobApplications)
          .values(
            batch.map(({ jobIndex, candidateIndex, notes: _notes, ...application }) => {
              const file = keys?.applications.get(`${jobIndex}:${candidateIndex}`);
              return {
                ...application,
                jobId: jobIdOf(jobIndex),
                userId: candidateId(candidateIndex),
                cvKey: file?.key ?? null,
                cvName: file ? cvNames.get(candidateIndex)! : null,
                cvBytes: file?.bytes ?? null,
              };
            }),
          )
          .onConflictDoNothing()
          .returning({
            id: jobApplications.id,
            jobId: jobApplications.jobId,
            userId: jobApplications.userId,
          });
        for (const row of inserted) applicationIds.set(`${row.jobId}:${row.userId}`, row.id);
      }
      const notes = sent.applications.flatMap((application) => {
        const id = applicationIds.get(
          `${jobIdOf(application.jobIndex)}:${candidateId(application.candidateIndex)}`,
        );
        return id === undefined
          ? []
          : application.notes.map((note) => ({ applicationId: id, authorId: null, ...note }));
      });
      for (const batch of batches(notes)) await tx.insert(applicationNotes).values(batch);
      // The employer's message with a stage opens the application's conversation (issue 42).
      const messages = sent.applications.flatMap((application) => {
        const id = applicationIds.get(
          `${jobIdOf(application.jobIndex)}:${candidateId(application.candidateIndex)}`,
        );
        return id === undefined || !application.stageMessage
          ? []
          : [
              {
                applicationId: id,
                side: "employer" as const,
                body: application.stageMessage,
                stage: application.stage,
                createdAt: application.stageChangedAt,
              },
            ];
      });
      for (const batch of batches(messages)) await tx.insert(applicationMessages).values(batch);
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
      await setGinPendingList(tx, false);
    });
  } catch (error) {
    // No row names the CVs written for it: they go too.
    const written = await files.catch(() => null);
    if (written && cvFiles) {
      await deleteCvFiles(
        [...written.profiles.values(), ...written.applications.values()].map((cv) => cv.key),
        cvFiles,
      );
    }
    throw error;
  }
  // Fresh statistics, so that queries on the new board are planned for its size: PGlite has no
  // autovacuum to gather them, and PostgreSQL's would get there only a while later.
  await db.execute(sql`analyze`);
  // The words keyword search corrects typos to: the new board's.
  await refreshSearchTerms(db, options.now ?? new Date());
  // The words the employers' candidate search corrects typos to: the new candidates'.
  await refreshProfileSearchTerms(db);
  // What the new board's listings pay (the salary pages), as the hourly task would find.
  await refreshSalaryFigures(db, options.now ?? new Date());
  // Its made-up history rolled up (the funnel, the audience, the departments' medians), as the
  // hourly task's first run would: here, not in the process that serves.
  await runDailyAnalytics(db, options.now ?? new Date());
  // The legal documents, partner offers and blog, from content/ where they have none (issue 64).
  await seedBoardContent(db);
  return {
    companies: board.companies.length,
    jobs: board.jobs.length,
    candidates: talent.length,
    applications: sent.applications.length,
  };
}

/** The jobs table's GIN indexes (migrations 0021 and 0022). */
const JOB_GIN_INDEXES = ["jobs_search_idx", "jobs_title_search_idx", "jobs_board_regions_idx"];

/**
 * Turns the jobs' GIN indexes' pending list on (before a bulk insert: much faster), or off with
 * what it holds merged into them (after it).
 */
export async function setGinPendingList(db: Database, on: boolean) {
  for (const index of JOB_GIN_INDEXES) {
    await db.execute(sql.raw(`alter index ${index} set (fastupdate = ${on})`));
    if (!on) await db.execute(sql.raw(`select gin_clean_pending_list('${index}'::regclass)`));
  }
}

type StoredCv = { key: string; bytes: number };

/**
 * Writes each applicant's CV: once for their profile, and a copy for each application (as
 * applying copies the profile's), each under a key of its own. Answers the keys, by candidate
 * and by `jobIndex:candidateIndex`.
 */
async function storeSampleCvs(
  talent: readonly SampleCandidate[],
  { applications, cvs }: SampleApplications,
  store: CvStore,
): Promise<{ profiles: Map<number, StoredCv>; applications: Map<string, StoredCv> }> {
  const profiles = new Map<number, StoredCv>();
  const copies = new Map<string, StoredCv>();
  const pdfs = new Map<number, Buffer>();
  for (const cv of cvs) {
    pdfs.set(cv.candidateIndex, await sampleCvPdf(talent[cv.candidateIndex]!, cv.candidateIndex));
  }
  const writes: Promise<void>[] = [];
  // A few files at a time: a million-job board sends some 16,000 (issue 48).
  const pool = filePool();
  const write = (candidateIndex: number): StoredCv => {
    const bytes = pdfs.get(candidateIndex)!;
    const key = newCvKey();
    writes.push(pool(() => store.put(key, bytes)));
    return { key, bytes: bytes.length };
  };
  for (const cv of cvs) profiles.set(cv.candidateIndex, write(cv.candidateIndex));
  for (const { jobIndex, candidateIndex } of applications) {
    copies.set(`${jobIndex}:${candidateIndex}`, write(candidateIndex));
  }
  const results = await Promise.allSettled(writes);
  const failed = results.find((result) => result.status === "rejected");
  if (failed) {
    await deleteCvFiles(
      [...profiles.values(), ...copies.values()].map((cv) => cv.key),
      store,
    );
    throw failed.reason;
  }
  return { profiles, applications: copies };
}

/**
 * Removes every job and company (favorites, applications and the like go with them by cascade)
 * and the sample candidates; real people's accounts stay. The CV files no row names any more
 * (the applications', the sample candidates' profiles') are deleted from `cvs` afterwards.
 */
export async function clearSampleBoard(db: Database, cvs: CvStore = cvStore()): Promise<void> {
  const samples = like(users.firebaseUid, `${SAMPLE_UID_PREFIX}%`);
  const released = await db.transaction(async (tx) => {
    const sampleIds = tx.select({ id: users.id }).from(users).where(samples);
    // One after the other: a transaction is one connection, which runs one query at a time (pg
    // deprecates sending the next before the last has answered).
    const sent = await tx.select({ key: jobApplications.cvKey }).from(jobApplications);
    const profiles = await tx
      .select({ key: candidateCvs.cvKey })
      .from(candidateCvs)
      .where(inArray(candidateCvs.userId, sampleIds));
    // A real person's profile may hold the very file an application was sent with.
    const kept = await tx
      .select({ key: candidateCvs.cvKey })
      .from(candidateCvs)
      .where(notInArray(candidateCvs.userId, sampleIds));
    // The billing records go with the companies they were issued to (a development reset).
    await tx.delete(listingCredits);
    await tx.delete(invoices);
    await deleteAllListings(tx);
    await tx.delete(companies);
    await tx.delete(users).where(samples);
    const keep = new Set(kept.map((row) => row.key));
    return [...sent, ...profiles].flatMap(({ key }) => (key && !keep.has(key) ? [key] : []));
  });
  await deleteCvFiles(released, cvs);
}

function* batches<T>(rows: readonly T[]): Generator<T[]> {
  for (let start = 0; start < rows.length; start += BATCH_SIZE) {
    yield rows.slice(start, start + BATCH_SIZE);
  }
}
