// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import { z } from "zod";

/*
 * Job alerts: what POST /api/alerts/unsubscribe takes and answers. The token comes from an
 * alert's unsubscribe link (features/alerts/server/unsubscribe-token.ts); it is checked by the
 * handler, so that a token that is not ours is told apart from one that has expired.
 */

/** `?token=`: the signed token of an alert's unsubscribe link. */
export const unsubscribeQuerySchema = z.strictObject({
  token: z
    .string("Give the token of the alert's unsubscribe link, once")
    .min(1, "Give the token of the alert's unsubscribe link")
    .max(200, "This is not the token of an unsubscribe link"),
});

/** Alerts are off: the person's alert frequency is now never. */
export const alertsUnsubscribedSchema = z
  .strictObject({ unsubscribed: z.literal(true), alert_frequency: z.literal("never") })
  .meta({ id: "AlertsUnsubscribed" });
