import { eq } from "drizzle-orm";
import type { Cv } from "@/features/applications/cv-schemas";
import type { Database } from "@/lib/server/db/client";
import { candidateCvs, jobApplications, users, type User } from "@/lib/server/db/schema";
import { notFound, unauthenticated } from "@/lib/server/errors";
import type { RateLimit } from "@/lib/server/http/rate-limit";
import { log } from "@/lib/server/log";
import { checkCv } from "./cv-file";
import { cvStore, deleteCvFiles, newCvKey, type CvStore } from "@/lib/server/storage/cv-store";

/*
 * The CV a candidate keeps on their profile for their next application (issue 27), one per
 * person, replaceable: PUT, GET and DELETE /api/profile/cv. The row (candidate_cvs) names the
 * file in the private store (cv-store.ts). Every change writes the new file first, then changes
 * the row, and deletes the old file only after the row changed: whatever fails on the way, no
 * row names a file that is not there.
 */

const NO_CV = "You have no CV on your profile";

/** Uploads one person may make in the window: replacing a CV a few times never meets it. */
export const CV_UPLOAD_LIMIT: RateLimit = {
  name: "cv-uploads",
  points: 20,
  seconds: 60 * 60,
  message: "Too many CV uploads from your account.",
};

type CvRow = typeof candidateCvs.$inferSelect;

const cvJson = (row: Pick<CvRow, "cvName" | "cvBytes" | "uploadedAt">): Cv => ({
  name: row.cvName,
  bytes: row.cvBytes,
  uploaded_at: row.uploadedAt.toISOString(),
});

/** The caller's CV as the API describes it, or null. */
export async function ownCv(db: Database, userId: number): Promise<Cv | null> {
  const [row] = await db.select().from(candidateCvs).where(eq(candidateCvs.userId, userId));
  return row ? cvJson(row) : null;
}

/**
 * Deletes a CV file the profile let go of, unless an application still names it (an
 * application may have been sent with the very file the profile held).
 */
async function forgetProfileFile(db: Database, key: string, store: CvStore) {
  const [used] = await db
    .select({ id: jobApplications.id })
    .from(jobApplications)
    .where(eq(jobApplications.cvKey, key))
    .limit(1);
  if (!used) await deleteCvFiles([key], store);
}

/**
 * Sets (or, with null, removes) the caller's CV row in one transaction, answering the key the
 * row named before. The person's own row is locked first, so that their changes (and the
 * deletion of their account) take turns, and each sees the key the one before left.
 */
async function swapCv(
  db: Database,
  user: Pick<User, "id">,
  next: { key: string; name: string; size: number } | null,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [person] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, user.id))
      .for("no key update");
    if (!person)
      throw unauthenticated("This account was deleted; sign in again to start a new one");
    const [before] = await tx
      .select({ key: candidateCvs.cvKey })
      .from(candidateCvs)
      .where(eq(candidateCvs.userId, user.id));
    if (next) {
      const values = {
        cvKey: next.key,
        cvName: next.name,
        cvBytes: next.size,
        uploadedAt: new Date(),
      };
      await tx
        .insert(candidateCvs)
        .values({ userId: user.id, ...values })
        .onConflictDoUpdate({ target: candidateCvs.userId, set: values });
    } else if (before) {
      await tx.delete(candidateCvs).where(eq(candidateCvs.userId, user.id));
    }
    return before?.key ?? null;
  });
}

/**
 * PUT /api/profile/cv: the upload checked (cv-file.ts: a 422 on `cv` stores and changes
 * nothing), stored under a new key, and made the profile's CV; the one it replaces is deleted.
 */
export async function uploadOwnCv(
  db: Database,
  user: Pick<User, "id">,
  upload: Buffer,
  fileName: string | undefined,
  store: CvStore = cvStore(),
): Promise<{ cv: Cv }> {
  const cv = await checkCv(upload, fileName);
  const key = newCvKey();
  await store.put(key, cv.bytes);
  let before: string | null;
  try {
    before = await swapCv(db, user, { key, name: cv.name, size: cv.size });
  } catch (error) {
    // No row names the new file: it goes, and the old CV stays as it was.
    await deleteCvFiles([key], store);
    throw error;
  }
  if (before) await forgetProfileFile(db, before, store);
  const now = await ownCv(db, user.id);
  if (!now) throw notFound(NO_CV);
  return { cv: now };
}

/** DELETE /api/profile/cv: the profile keeps no CV; removing none is no error. */
export async function removeOwnCv(
  db: Database,
  user: Pick<User, "id">,
  store: CvStore = cvStore(),
): Promise<{ cv: null }> {
  const before = await swapCv(db, user, null);
  if (before) await forgetProfileFile(db, before, store);
  return { cv: null };
}

/** GET /api/profile/cv: the caller's CV file and the name it is offered under; 404 if none. */
export async function readOwnCv(
  db: Database,
  user: Pick<User, "id">,
  store: CvStore = cvStore(),
): Promise<{ bytes: Buffer; name: string }> {
  const [row] = await db.select().from(candidateCvs).where(eq(candidateCvs.userId, user.id));
  if (!row) throw notFound(NO_CV);
  const bytes = await store.get(row.cvKey);
  if (!bytes) {
    // A row whose file is gone: the store was emptied, or restored from an older copy.
    log.warn({ cv: row.cvKey }, "A profile's CV file is missing from the store");
    throw notFound(NO_CV);
  }
  return { bytes, name: row.cvName };
}
