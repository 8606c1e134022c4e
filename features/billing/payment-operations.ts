// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import { webhookOutcomeSchema } from "@/features/billing/api-schemas";
import { operation } from "@/lib/api/operation";

/**
 * Stripe's events about payments: public, signed by Stripe. Spread into `operations`
 * (lib/api-registry/operations.ts).
 */
export const paymentOperations = {
  receiveStripeEvent: operation({
    method: "POST",
    path: "/api/stripe/webhook",
    summary: "Stripe's events (signed with STRIPE_WEBHOOK_SECRET)",
    description:
      "Answers 404 where payments are not set up; a paid checkout sends its listing to review.",
    access: "public",
    rawBody: { contentType: "application/json" },
    answers: { 200: webhookOutcomeSchema },
    errors: [400, 404],
  }),
} as const satisfies Record<string, ReturnType<typeof operation>>;
