// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import { z } from "zod";
import { queueRetrySchema, queueStatusSchema } from "@/lib/queue/schemas";
import { operation } from "@/lib/api/operation";

/**
 * Moderators watching the job queue and retrying its failed jobs. Spread into `operations`
 * (lib/api/operations.ts).
 */
export const queueOperations = {
  getQueueStatus: operation({
    method: "GET",
    path: "/api/moderation/queue",
    summary: "The job queue: each queue's backlog, and the newest jobs whose retries are spent",
    access: "moderator",
    answers: { 200: queueStatusSchema },
  }),
  retryQueueJob: operation({
    method: "POST",
    path: "/api/moderation/queue/{queueJobId}/retry",
    summary: "Try a failed job (a message, a periodic task) again at once",
    access: "moderator",
    params: z.strictObject({
      queueJobId: z.uuid("There is no failed job with that id"),
    }),
    answers: { 200: queueRetrySchema },
  }),
} as const satisfies Record<string, ReturnType<typeof operation>>;
