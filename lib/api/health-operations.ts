// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import { healthSchema, readinessSchema } from "@/lib/health/schemas";
import { operation } from "./operation";

/**
 * For load balancers and orchestrators: public, never cached. Spread into `operations`
 * (lib/api-registry/operations.ts).
 */
export const healthOperations = {
  checkHealth: operation({
    method: "GET",
    path: "/api/health",
    summary: "Whether this server process answers",
    description:
      "200 whenever the process answers, whatever the state of the database (a liveness check).",
    access: "public",
    answers: { 200: healthSchema },
  }),
  checkReadiness: operation({
    method: "GET",
    path: "/api/ready",
    summary: "Whether this server can serve requests",
    description:
      "200 when the database answers and every migration is applied; otherwise 503 with Retry-After, its error naming the check that failed.",
    access: "public",
    answers: { 200: readinessSchema },
  }),
} as const satisfies Record<string, ReturnType<typeof operation>>;
