import type Stripe from "stripe";
import { formatTaxRate, type InvoiceParty } from "@/features/billing/documents";
import { priceLines, totalsOf, type Item } from "@/features/billing/tax";
import type { Database } from "@/lib/server/db/client";
import type { CheckoutOrder } from "./stripe";
import { issueInvoice, quote, type IssueInput } from "./invoices";
import { postalLines } from "./postal-address";

/*
 * Stripe Checkout for what the board sells (issue 45): the order is priced with the company's
 * tax, its rate rides in the session's metadata, and the webhook checks that Stripe charged
 * exactly that before it issues the invoice.
 */

/** What a session's metadata says was bought. */
export type CheckoutKind = "listing" | "pack" | "upgrade";

/** The Checkout order for `items`, taxed as the company's billing details say. */
export async function checkoutOrder(
  db: Database,
  companyId: number,
  items: Item[],
  order: { kind: CheckoutKind; metadata: Record<string, string>; email: string | null },
): Promise<CheckoutOrder> {
  const priced = await quote(db, companyId, items);
  const rate = priced.treatment.rateBp;
  return {
    lines: items.map((item) => ({
      name: item.description,
      unitMinor: item.unitMinor,
      quantity: item.quantity,
    })),
    tax: priced.tax > 0 ? { label: `Tax (${formatTaxRate(rate)})`, minor: priced.tax } : null,
    metadata: {
      ...order.metadata,
      kind: order.kind,
      company_id: String(companyId),
      tax_rate_bp: String(rate),
    },
    reference: `company-${companyId}`,
    email: order.email,
  };
}

/**
 * The tax rate a paid session was priced at, when Stripe charged exactly `items` with it in US
 * dollars; null otherwise (the payment is logged, and nothing is given for it).
 */
export function paidAsQuoted(session: Stripe.Checkout.Session, items: Item[]): number | null {
  const rateBp = Number(session.metadata?.tax_rate_bp ?? 0);
  if (!Number.isSafeInteger(rateBp) || rateBp < 0 || rateBp > 10_000) return null;
  const { total } = totalsOf(priceLines(items, "usd", rateBp));
  if (session.currency !== "usd" || session.amount_total !== total) {
    console.error(
      `Checkout ${session.id} paid ${session.amount_total} ${session.currency}; its order costs ${total} usd: nothing given for it`,
    );
    return null;
  }
  return rateBp;
}

/** The buyer's details Checkout collected, for a company that gave no billing details. */
export async function collectedParty(
  session: Stripe.Checkout.Session,
): Promise<Partial<InvoiceParty>> {
  const details = session.customer_details;
  if (!details) return {};
  const address = details.address;
  return {
    name: details.business_name || details.name || undefined,
    address: address
      ? await postalLines(
          {
            line1: address.line1,
            line2: address.line2,
            city: address.city,
            postalCode: address.postal_code,
            region: address.state,
          },
          address.country,
        )
      : [],
    country: address?.country ?? null,
    tax_id: details.tax_ids?.[0]?.value ?? null,
  };
}

export const paymentIntentOf = (session: Stripe.Checkout.Session) =>
  typeof session.payment_intent === "string"
    ? session.payment_intent
    : (session.payment_intent?.id ?? null);

/**
 * The paid invoice of a Checkout session that bought `sale.items`; null when Stripe did not
 * charge exactly their price with the quoted tax. Call it in the webhook's transaction.
 */
export async function invoiceCheckout(
  tx: Database,
  session: Stripe.Checkout.Session,
  sale: Pick<IssueInput, "companyId" | "jobId" | "purpose" | "item" | "items">,
  now: Date,
) {
  const rateBp = paidAsQuoted(session, sale.items);
  if (rateBp === null) return null;
  return issueInvoice(tx, {
    ...sale,
    paymentMethod: "stripe",
    issuedAt: now,
    paidAt: now,
    rateBp,
    collected: await collectedParty(session),
    stripe: { sessionId: session.id, paymentIntent: paymentIntentOf(session) },
  });
}
