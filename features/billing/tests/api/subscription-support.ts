import { and, asc, eq } from "drizzle-orm";
import type { Database, DatabaseHandle } from "@/lib/server/db/client";
import {
  companySubscriptions,
  invoices,
  listingCredits,
  subscriptionPlans,
} from "@/lib/server/db/schema";
import { getQueue } from "@/lib/server/queue/queue";
import { TASK_HANDLERS } from "@/lib/server/worker/tasks";
import { callApi } from "@/tests/api/call";
import { routeFor, type Person } from "@/tests/api/team-suite";
import { bearer } from "@/tests/support/auth";

/* What the subscription tests (issue 63), on invoice and by card, share. */

/** A dearer monthly plan to change to (the seed has one monthly plan): `featured-monthly-<run>`. */
export async function addDearerMonthlyPlan(db: Database, run: string) {
  await db
    .insert(subscriptionPlans)
    .values({
      slug: `featured-monthly-${run}`,
      name: "Featured monthly",
      interval: "month",
      priceMinor: 89_900,
      listings: 5,
      plan: "sponsored",
      position: 5,
    })
    .onConflictDoNothing();
  return `featured-monthly-${run}`;
}

/** The company's subscription invoices, oldest first. */
export const subscriptionInvoicesOf = (db: Database, companyId: number) =>
  db
    .select()
    .from(invoices)
    .where(and(eq(invoices.companyId, companyId), eq(invoices.purpose, "subscription")))
    .orderBy(asc(invoices.id));

/** Runs the subscription-periods task at `now`. */
export const runSubscriptionPeriods = async (handle: DatabaseHandle, now: Date) =>
  TASK_HANDLERS["subscription-periods"]({
    db: handle.db,
    boss: await getQueue(handle),
    now,
    data: {},
  });

/** The company's latest subscription row. */
export const latestSubscriptionOf = async (db: Database, companyId: number) =>
  (
    await db
      .select()
      .from(companySubscriptions)
      .where(eq(companySubscriptions.companyId, companyId))
      .orderBy(asc(companySubscriptions.id))
  ).at(-1)!;

/** The company's invoices paid at `at`, as a moderator marks them (an unpaid period ends it). */
export const payInvoicesOf = (db: Database, companyId: number, at: Date) =>
  db.update(invoices).set({ paidAt: at }).where(eq(invoices.companyId, companyId));

/** The credits an invoice gave. */
export const creditsOfInvoice = (db: Database, invoiceId: number) =>
  db.select().from(listingCredits).where(eq(listingCredits.invoiceId, invoiceId));

/** The subscription metadata the app gave Checkout (`subscription_data[metadata]`). */
export const subscriptionMetadata = (form: URLSearchParams) =>
  Object.fromEntries(
    [...form.entries()]
      .filter(([name]) => name.startsWith("subscription_data[metadata]["))
      .map(([name, value]) => [name.slice("subscription_data[metadata][".length, -1), value]),
  );

/** What a Stripe invoice of a subscription says, for `stripeInvoiceEvent`. */
export type StripeInvoiceFacts = {
  id: string;
  sub: string;
  /** Its Stripe customer: `cus_<sub>` unless said. */
  customer?: string;
  metadata: Record<string, string>;
  /** What was charged, after any discount. */
  amount: number;
  start: number;
  end: number;
  reason?: string;
  attempt?: number;
  nextAttempt?: number | null;
  /** The event's id, for `stripeInvoiceEvents` (numbered by default). */
  eventId?: string;
  /** What a coupon took off (issue 63): `total_discount_amounts`, with its discount's id. */
  discount?: { amount: number; coupon: string };
};

/** Stripe's event `eventId` about an invoice of a subscription, shaped as Stripe's API sends it. */
export function stripeInvoiceEvent(
  eventId: string,
  type: "invoice.paid" | "invoice.payment_failed",
  invoice: StripeInvoiceFacts,
) {
  const discountId = invoice.discount && `di_${invoice.sub}`;
  return JSON.stringify({
    id: eventId,
    object: "event",
    type,
    data: {
      object: {
        id: invoice.id,
        object: "invoice",
        customer: invoice.customer ?? `cus_${invoice.sub}`,
        currency: "usd",
        status: type === "invoice.paid" ? "paid" : "open",
        billing_reason: invoice.reason ?? "subscription_cycle",
        amount_due: invoice.amount,
        amount_paid: type === "invoice.paid" ? invoice.amount : 0,
        attempt_count: invoice.attempt ?? 1,
        next_payment_attempt: invoice.nextAttempt ?? null,
        period_start: invoice.start,
        period_end: invoice.start,
        discounts: discountId ? [discountId] : [],
        total_discount_amounts: invoice.discount
          ? [{ amount: invoice.discount.amount, discount: discountId }]
          : [],
        parent: {
          type: "subscription_details",
          quote_details: null,
          subscription_details: { subscription: invoice.sub, metadata: invoice.metadata },
        },
        lines: {
          object: "list",
          data: [
            {
              id: `il_${invoice.id}`,
              object: "line_item",
              amount: invoice.amount + (invoice.discount?.amount ?? 0),
              currency: "usd",
              period: { start: invoice.start, end: invoice.end },
            },
          ],
        },
      },
    },
  });
}

/** Stripe's events about a subscription's invoices, numbered for the test file's `run`. */
export function stripeInvoiceEvents(run: string) {
  let events = 0;
  return (type: "invoice.paid" | "invoice.payment_failed", invoice: StripeInvoiceFacts) => {
    events += 1;
    return stripeInvoiceEvent(invoice.eventId ?? `evt_${run}_sub_${events}`, type, invoice);
  };
}

type Call = { method?: "GET" | "POST" | "PUT" | "DELETE"; body?: unknown };

/** Calls the API operation at `path` as `who`. */
export const apiAs = (
  path: string,
  who: Person,
  call: Call = {},
  params: Record<string, number> = {},
) =>
  callApi(routeFor(path), {
    method: call.method ?? "GET",
    headers: bearer(who.token),
    params: Object.fromEntries(Object.entries(params).map(([key, value]) => [key, String(value)])),
    ...(call.body !== undefined && { body: call.body }),
  });
