import type { NextApiRequest, NextApiResponse } from "next";
import type { Parsed } from "@/lib/schemas/field-errors";
import { parseIdSegment, parseJobReference } from "@/lib/schemas/candidate";
import { requireUser } from "../auth/require-user";
import { getDatabase } from "../db";
import type { Database } from "../db/client";
import type { User } from "../db/schema";
import { notFound, ValidationError } from "../http/errors";
import { apiHandler } from "../http/handler";
import {
  hideJob,
  listHiddenJobs,
  listSavedJobs,
  saveJob,
  UnknownJobError,
  unhideJob,
  unsaveJob,
} from "./job-marks-service";

/** The database and the signed-in caller; 401 without a valid token. */
export async function callerOf(req: NextApiRequest): Promise<{ db: Database; user: User }> {
  const db = await getDatabase();
  return { db, user: await requireUser(req, db) };
}

/** The parsed body, or a 422 with its field errors. */
export function validBody<T>(parsed: Parsed<T>): T {
  if (!parsed.ok) throw new ValidationError(parsed.errors);
  return parsed.data;
}

/** The numeric id in a route segment; a 404 saying `what` was not found when it is not one. */
export function idParam(req: NextApiRequest, name: string, what: string): number {
  const id = parseIdSegment(req.query[name]);
  if (id === null) throw notFound(`${what} not found`);
  return id;
}

/** PostgreSQL's foreign_key_violation, as node-postgres and PGlite report it (drizzle wraps it). */
function isForeignKeyViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e;) {
    if (e.code === "23503") return true;
    e = e.cause as typeof e;
  }
  return false;
}

/**
 * Runs a change that names a job; a job id that names no job is a field error on job_id, also
 * when the job disappears between the check and the write.
 */
export async function onJob<T>(change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if (error instanceof UnknownJobError || isForeignKeyViolation(error)) {
      throw new ValidationError({ job_id: ["No job has this id"] });
    }
    throw error;
  }
}

/** 201 for a record the request created, 200 when it already existed. */
export function createdStatus(res: NextApiResponse, created: boolean): void {
  res.status(created ? 201 : 200);
}

/** A kind of mark a candidate puts on jobs, one per job: saved, or not interested. */
type JobMarkKind = {
  /** The key of the list in GET's answer, and the flag in POST's and DELETE's. */
  listKey: "saved_jobs" | "hidden_jobs";
  flag: "saved" | "hidden";
  /** What a 404 says was not found. */
  noun: string;
  list: (db: Database, userId: number) => Promise<unknown[]>;
  add: (db: Database, userId: number, jobId: number) => Promise<boolean>;
  remove: (db: Database, userId: number, jobId: number) => Promise<boolean>;
};

/** GET (the caller's list) and POST `{ job_id }` (mark a job: 201, or 200 if it was already). */
export const jobMarkCollection = (kind: JobMarkKind) =>
  apiHandler(
    {
      GET: async (req) => {
        const { db, user } = await callerOf(req);
        return { [kind.listKey]: await kind.list(db, user.id) };
      },
      POST: async (req, res) => {
        const { db, user } = await callerOf(req);
        const { job_id } = validBody(parseJobReference(req.body));
        createdStatus(res, await onJob(() => kind.add(db, user.id, job_id)));
        return { job_id, [kind.flag]: true };
      },
    },
    { personal: true },
  );

/** DELETE /…/[jobId]: takes the caller's mark off the job; 404 when they had none. */
export const jobMarkItem = (kind: JobMarkKind) =>
  apiHandler(
    {
      DELETE: async (req) => {
        const { db, user } = await callerOf(req);
        const jobId = idParam(req, "jobId", kind.noun);
        if (!(await kind.remove(db, user.id, jobId))) throw notFound(`${kind.noun} not found`);
        return { job_id: jobId, [kind.flag]: false };
      },
    },
    { personal: true },
  );

export const SAVED_JOBS: JobMarkKind = {
  listKey: "saved_jobs",
  flag: "saved",
  noun: "Saved job",
  list: (db, userId) => listSavedJobs(db, userId),
  add: saveJob,
  remove: unsaveJob,
};

export const HIDDEN_JOBS: JobMarkKind = {
  listKey: "hidden_jobs",
  flag: "hidden",
  noun: "Hidden job",
  list: (db, userId) => listHiddenJobs(db, userId),
  add: hideJob,
  remove: unhideJob,
};
