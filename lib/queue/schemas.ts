// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import { z } from "zod";

/** A queued job whose retries are spent: it will not run again unless a moderator retries it. */
export const failedJobSchema = z
  .strictObject({
    id: z.string(),
    queue: z.string(),
    /** For mail: the template and the recipient; null for other queues. */
    template: z.string().nullable(),
    to: z.string().nullable(),
    /** Why its last try failed (the error's message). */
    error: z.string().nullable(),
    tries: z.int().nonnegative(),
    created_at: z.iso.datetime(),
    failed_at: z.iso.datetime().nullable(),
  })
  .meta({ id: "FailedJob" });

/** What GET /api/moderation/queue answers: each queue's backlog, and the newest failed jobs. */
export const queueStatusSchema = z
  .strictObject({
    queues: z.array(
      z.strictObject({
        name: z.string(),
        /** Waiting to run now or later (first tries and retries). */
        waiting: z.int().nonnegative(),
        active: z.int().nonnegative(),
        failed: z.int().nonnegative(),
      }),
    ),
    failed: z.array(failedJobSchema),
  })
  .meta({ id: "QueueStatus" });

export const queueRetrySchema = z
  .strictObject({ id: z.string(), retried: z.literal(true) })
  .meta({ id: "QueueRetry" });
