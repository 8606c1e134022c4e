import type Stripe from "stripe";
import type { Database } from "@/lib/server/db/client";
import { stripeEvents } from "@/lib/server/db/schema";
import { packPaid } from "@/features/billing/server/packs";
import { refundChanged } from "@/features/billing/server/refunds";
import { subscriptionEvent } from "@/features/billing/server/subscription-stripe";
import { queueSearchEngineNotices } from "@/features/feeds/server/enqueue";
import { forgetJobPages } from "@/features/jobs/server/forget-job-pages";
import { listingNotices } from "./listing-notices";
import { enqueueMails, getQueue } from "@/lib/server/queue/queue";
import { markPaidByCheckout } from "./listings";
import { upgradePaid } from "./upgrade";

/** Checkout events that mean the money arrived (a card at once, a bank transfer later). */
const PAID_EVENTS = new Set([
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
]);

/** Stripe's news of a refund the board asked for. */
const REFUND_EVENTS = new Set(["refund.created", "refund.updated", "refund.failed"]);

export type WebhookOutcome = {
  received: true;
  duplicate?: true;
  paid_job_id?: number;
  invoice?: string;
};

/**
 * Acts on a verified Stripe event once: its id is recorded in the same transaction as its
 * effect, so a redelivery or a replay of it within the signature's tolerance changes nothing.
 * Each effect is keyed by the Stripe object too (a session's invoice is unique, a listing is
 * paid once), so two events about one payment, in either order, make one invoice.
 */
export async function handleStripeEvent(
  db: Database,
  event: Stripe.Event,
): Promise<WebhookOutcome> {
  // Started before the transaction (on PGlite, starting it inside would wait on the transaction).
  const boss = await getQueue();
  let pinned: number | null = null;
  const outcome = await db.transaction(async (tx): Promise<WebhookOutcome> => {
    const [fresh] = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (!fresh) return { received: true, duplicate: true };

    // Subscriptions by card (issue 63): their Checkout, invoices and changes.
    const subscription = await subscriptionEvent(tx, event, new Date());
    if (subscription) {
      await enqueueMails(boss, subscription.mail, tx);
      return { received: true, ...(subscription.invoice && { invoice: subscription.invoice }) };
    }
    if (REFUND_EVENTS.has(event.type)) {
      await refundChanged(tx, event.data.object as Stripe.Refund);
      return { received: true };
    }
    if (!PAID_EVENTS.has(event.type)) return { received: true };
    const session = event.data.object as Stripe.Checkout.Session;
    if (session.payment_status !== "paid") return { received: true };
    const now = new Date();
    const kind = session.metadata?.kind ?? "listing";
    if (kind === "pack") {
      const invoice = await packPaid(tx, session, now);
      return { received: true, ...(invoice && { invoice: invoice.number }) };
    }
    if (kind === "upgrade") {
      const paid = await upgradePaid(tx, session, now);
      if (paid?.upgraded) {
        await queueSearchEngineNotices(boss, tx, [paid.upgraded]);
        pinned = paid.upgraded;
      }
      return {
        received: true,
        ...(paid && { invoice: paid.invoice.number }),
        ...(paid?.upgraded && { paid_job_id: paid.upgraded }),
      };
    }
    const jobId = Number(session.metadata?.job_id);
    if (!Number.isSafeInteger(jobId) || jobId <= 0) return { received: true };
    if (!(await markPaidByCheckout(tx, session, jobId, now))) return { received: true };
    // The employer's receipt is queued with the payment's effect.
    await enqueueMails(boss, await listingNotices(tx, [jobId], "payment-received"), tx);
    // A paid renewal runs on at once (a new listing waits for review: nothing is sent for it).
    await queueSearchEngineNotices(boss, tx, [jobId]);
    return { received: true, paid_job_id: jobId };
  });
  // An upgrade pins the listing from now: its pages change.
  if (pinned !== null) forgetJobPages(pinned);
  return outcome;
}
