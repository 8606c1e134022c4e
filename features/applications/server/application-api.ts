import type { ApplicationBody } from "@/features/applications/schemas";
import type { ApplicationStage } from "@/features/applications/constants";
import type { Employer } from "@/lib/server/auth/employer";
import type { Database } from "@/lib/server/db/client";
import type { User } from "@/lib/server/db/schema";
import type { RateLimit } from "@/lib/server/http/rate-limit";
import { withMail } from "@/lib/server/queue/queue";
import { getApplicant, moveApplicants } from "./employer-pipeline";
import { applyToJobOnBoard, withdrawJobApplication } from "./candidate-applications";
import { writeToCandidate, writeToEmployer } from "./conversation";
import { cvStore, deleteCvFiles, newCvKey } from "@/lib/server/storage/cv-store";

/*
 * The applications' API handlers' work beyond the service: mail queued with each change, in its
 * transaction, and the CV copied into the private store.
 */

/** Applications one person may send in the window: far above anyone applying by hand. */
export const APPLICATION_RATE_LIMIT: RateLimit = {
  name: "applications",
  points: 30,
  seconds: 60 * 60,
  message: "Too many applications from your account. Try again later.",
};

/** A copy of the CV stored under `key`, under a new key of its own. */
async function copyCv(key: string): Promise<string> {
  const store = cvStore();
  const bytes = await store.get(key);
  if (!bytes) throw new Error(`The CV file ${key} is missing from the store`);
  const copy = newCvKey();
  await store.put(copy, bytes);
  return copy;
}

/**
 * `user` applies to `jobId`: stored, and the receipt queued, together. The CV's copy is made
 * before the row that names it; if the application is not stored after all, the copy goes.
 */
export async function applyOnBoard(db: Database, user: User, jobId: number, body: ApplicationBody) {
  const copies: string[] = [];
  const copying = async (key: string) => {
    const copy = await copyCv(key);
    copies.push(copy);
    return copy;
  };
  try {
    return await withMail(db, async (tx) => {
      const { application, mail } = await applyToJobOnBoard(tx, user, jobId, body, copying);
      return { result: application, mail };
    });
  } catch (error) {
    await deleteCvFiles(copies);
    throw error;
  }
}

/** Moves applicants to `stage` and queues the mail their candidates get, together. */
export const moveAndTell = (
  db: Database,
  caller: Employer,
  jobId: number,
  ids: readonly number[],
  stage: ApplicationStage,
  message: string | null | undefined,
) =>
  withMail(db, async (tx) => {
    const { applicants, mail } = await moveApplicants(tx, caller, jobId, ids, stage, message);
    return { result: applicants, mail };
  });

/**
 * The candidate withdraws their application; the CV file it carried is deleted once the
 * withdrawal has committed (the employer no longer reads it).
 */
export async function withdrawAndForget(db: Database, user: User, applicationId: number) {
  const { application, releasedCv } = await withdrawJobApplication(db, user.id, applicationId);
  if (releasedCv) await deleteCvFiles([releasedCv]);
  return application;
}

/** Messages one person may write in the window: a lively conversation, not a flood. */
export const MESSAGE_RATE_LIMIT: RateLimit = {
  name: "application-messages",
  points: 60,
  seconds: 60 * 60,
  message: "Too many messages from your account. Try again later.",
};

/** The candidate writes to the employer: stored, and the employer's mail queued, together. */
export const writeAndTellEmployer = (
  db: Database,
  user: User,
  applicationId: number,
  body: string,
) =>
  withMail(db, async (tx) => {
    const { message, mail } = await writeToEmployer(tx, user, applicationId, body);
    return { result: message, mail };
  });

/** The employer writes to an applicant: stored, and the candidate's mail queued, together. */
export const writeAndTellCandidate = (
  db: Database,
  caller: Employer,
  jobId: number,
  applicationId: number,
  body: string,
) =>
  withMail(db, async (tx) => {
    const { message, mail } = await writeToCandidate(tx, caller, jobId, applicationId, body);
    return { result: message, mail };
  });

/** One applicant, after a change. */
export const applicantAfter = (
  db: Database,
  caller: Employer,
  jobId: number,
  applicationId: number,
) => getApplicant(db, caller, jobId, applicationId);
