import type Stripe from "stripe";
import type { Database } from "../db/client";
import { stripeEvents } from "../db/schema";
import { queueSearchEngineNotices } from "../indexing/enqueue";
import { listingNotices } from "./listing-notices";
import { enqueueMails, getQueue } from "../queue/queue";
import { markPaidByCheckout } from "./listings-service";

/** Checkout events that mean the money arrived (a card at once, a bank transfer later). */
const PAID_EVENTS = new Set([
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
]);

export type WebhookOutcome = { received: true; duplicate?: true; paid_job_id?: number };

/**
 * Acts on a verified Stripe event once: its id is recorded in the same transaction as its
 * effect, so a redelivery or a replay of it within the signature's tolerance changes nothing.
 */
export async function handleStripeEvent(
  db: Database,
  event: Stripe.Event,
): Promise<WebhookOutcome> {
  // Started before the transaction (on PGlite, starting it inside would wait on the transaction).
  const boss = await getQueue();
  return db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (!fresh) return { received: true, duplicate: true };

    if (!PAID_EVENTS.has(event.type)) return { received: true };
    const session = event.data.object as Stripe.Checkout.Session;
    const jobId = Number(session.metadata?.job_id);
    if (session.payment_status !== "paid" || !Number.isSafeInteger(jobId) || jobId <= 0) {
      return { received: true };
    }
    const paid = await markPaidByCheckout(tx, {
      jobId,
      sessionId: session.id,
      amountTotal: session.amount_total,
      currency: session.currency,
    });
    if (!paid) return { received: true };
    // The employer's receipt is queued with the payment's effect.
    await enqueueMails(boss, await listingNotices(tx, [jobId], "payment-received"), tx);
    // A paid renewal runs on at once (a new listing waits for review: nothing is sent for it).
    await queueSearchEngineNotices(boss, tx, [jobId]);
    return { received: true, paid_job_id: jobId };
  });
}
