import type { NextApiRequest, NextApiResponse } from "next";
import type { Parsed } from "@/lib/schemas/field-errors";
import { parseIdSegment } from "@/lib/schemas/candidate";
import { requireUser } from "../auth/require-user";
import { getDatabase } from "../db";
import type { Database } from "../db/client";
import type { User } from "../db/schema";
import { notFound, ValidationError } from "../http/errors";
import { UnknownJobError } from "./job-marks-service";

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
