// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import { z } from "zod";

/** What GET /api/health answers while the process answers at all. */
export const healthSchema = z
  .strictObject({
    status: z.literal("ok"),
    uptime_seconds: z.number().nonnegative(),
  })
  .meta({ id: "Health" });

/** What GET /api/ready answers when this server can serve: every check passed. */
export const readinessSchema = z
  .strictObject({
    status: z.literal("ok"),
    checks: z.strictObject({
      /** The database answers a query. */
      database: z.literal("ok"),
      /** Every migration this build knows is applied. */
      migrations: z.literal("ok"),
    }),
  })
  .meta({ id: "Readiness" });
