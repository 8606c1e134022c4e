// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import { z } from "zod";

export const REJECTION_REASON_LIMITS = { min: 10, max: 1_000 } as const;

/** A moderator's reason, which the employer reads: "Say why {what}". */
export const moderatorReason = (what: string) =>
  z
    .string(`Say why ${what}; its employer will read it`)
    .trim()
    .min(
      REJECTION_REASON_LIMITS.min,
      `Say why in at least ${REJECTION_REASON_LIMITS.min} characters; the employer will read it`,
    )
    .max(
      REJECTION_REASON_LIMITS.max,
      `Keep the reason under ${REJECTION_REASON_LIMITS.max.toLocaleString("en-US")} characters`,
    );

/** A moderator's decision on a pending listing, as the review queue sends it. */
export const decisionSchema = z.discriminatedUnion(
  "decision",
  [
    z.strictObject({ decision: z.literal("approve") }),
    z.strictObject({
      decision: z.literal("reject"),
      reason: moderatorReason("the listing is not approved"),
    }),
    z.strictObject({ decision: z.literal("mark_paid") }),
  ],
  "Decide approve, reject or mark_paid",
);

export type ModerationDecision = z.output<typeof decisionSchema>;
