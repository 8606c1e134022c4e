import type Stripe from "stripe";
import { formatTaxRate, type InvoiceParty } from "@/features/billing/documents";
import { priceLines, totalsOf, type Item } from "@/features/billing/tax";
import type { Database } from "@/lib/server/db/client";
import { PRODUCT_KINDS, type InvoiceProduct, type ProductKind } from "@/lib/model/billing";
import type { CheckoutLine, CheckoutOrder } from "./stripe";
import { confirmCheckoutRedemption } from "./coupons";
import { issueInvoice, quote, type IssueInput } from "./invoices";
import { postalLines } from "./postal-address";
import { boardCurrency } from "./offer";

/*
 * Stripe Checkout for what the board sells (issue 45): the order is priced with the company's
 * tax, its rate rides in the session's metadata, and the webhook checks that Stripe charged
 * exactly that before it issues the invoice.
 */

/** What a session's metadata says was bought. */
export type CheckoutKind = "listing" | "pack" | "upgrade";

/**
 * What an order was priced at, carried in its session's metadata (Stripe keeps and returns it,
 * and only the board writes it): the webhook invoices these, so a price the owner changes while
 * the buyer is at Checkout is no reason to refuse the payment, and the invoice says what was
 * quoted. Metadata values hold 500 characters: an order too long for one is checked against the
 * offer as it stands when paid.
 */
type Quote = {
  c: string;
  /** Each item; its product (issue 63) as `kind:slug`, so the invoice's line says it. */
  i: [description: string, quantity: number, unitMinor: number, product?: string][];
};

const QUOTE_LIMIT = 500;

function quoteMetadata(currency: string, items: Item[]): Record<string, string> {
  const quote: Quote = {
    c: currency,
    i: items.map(({ description, quantity, unitMinor, product }) =>
      product
        ? [description, quantity, unitMinor, `${product.kind}:${product.slug}`]
        : [description, quantity, unitMinor],
    ),
  };
  const text = JSON.stringify(quote);
  return text.length <= QUOTE_LIMIT ? { quote: text } : {};
}

/** An item's product as the quote writes it (`pack:team-5`); nothing when it names none. */
function productOf(text: unknown): { product?: InvoiceProduct } {
  if (typeof text !== "string") return {};
  const at = text.indexOf(":");
  const kind = text.slice(0, at);
  if (at < 1 || !(PRODUCT_KINDS as readonly string[]).includes(kind)) return {};
  return { product: { kind: kind as ProductKind, slug: text.slice(at + 1) } };
}

/** The order's items and currency as quoted, or null for a session without a readable quote. */
function quotedOrder(session: Stripe.Checkout.Session): { currency: string; items: Item[] } | null {
  try {
    const quote = JSON.parse(session.metadata?.quote ?? "null") as Quote | null;
    // An order has lines: an empty list is no quote (it would price the order at nothing).
    if (!quote || typeof quote.c !== "string" || !Array.isArray(quote.i) || quote.i.length === 0)
      return null;
    const items = quote.i.map(([description, quantity, unitMinor, product]) => ({
      description: String(description),
      quantity,
      unitMinor,
      ...productOf(product),
    }));
    const whole = (n: unknown) => Number.isSafeInteger(n) && (n as number) >= 0;
    // A discount's line is negative (coupons.ts); the order's net is not.
    const net = items.reduce((sum, item) => sum + item.quantity * item.unitMinor, 0);
    if (!items.every((item) => whole(item.quantity) && Number.isSafeInteger(item.unitMinor)))
      return null;
    if (net < 0) return null;
    return { currency: quote.c, items };
  } catch {
    return null;
  }
}

/**
 * Checkout's lines for `items`: as they are, or, with a discount (a negative line, which
 * Checkout cannot take), the order's net as one line named with its products and the discount,
 * so the buyer sees the code. The quote in the metadata keeps the lines apart for the invoice.
 */
export function checkoutLines(items: Item[]): CheckoutLine[] {
  const discounts = items.filter((item) => item.unitMinor < 0);
  if (discounts.length === 0) {
    return items.map((item) => ({
      name: item.description,
      unitMinor: item.unitMinor,
      quantity: item.quantity,
    }));
  }
  const products = items.filter((item) => item.unitMinor >= 0);
  const name = (item: Item) =>
    item.quantity === 1 ? item.description : `${item.quantity} × ${item.description}`;
  return [
    {
      name: [...products.map(name), ...discounts.map((item) => item.description)].join(", "),
      unitMinor: items.reduce((sum, item) => sum + item.quantity * item.unitMinor, 0),
      quantity: 1,
    },
  ];
}

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
    currency: priced.currency,
    lines: checkoutLines(items),
    tax: priced.tax > 0 ? { label: `Tax (${formatTaxRate(rate)})`, minor: priced.tax } : null,
    metadata: {
      ...order.metadata,
      kind: order.kind,
      company_id: String(companyId),
      tax_rate_bp: String(rate),
      ...quoteMetadata(priced.currency, items),
    },
    reference: `company-${companyId}`,
    email: order.email,
  };
}

/**
 * What a paid session bought, when Stripe charged exactly what was quoted (its items in its
 * currency, with its tax rate); null otherwise (the payment is logged, and nothing is given for
 * it). A session without a quote is held to `items`, the order as the offer prices it now, in
 * `currency`.
 */
export function paidAsQuoted(
  session: Stripe.Checkout.Session,
  order: { items: Item[]; currency: string },
): { rateBp: number; items: Item[]; currency: string } | null {
  const rateBp = Number(session.metadata?.tax_rate_bp ?? 0);
  if (!Number.isSafeInteger(rateBp) || rateBp < 0 || rateBp > 10_000) return null;
  const { items, currency } = quotedOrder(session) ?? order;
  const { total } = totalsOf(priceLines(items, currency, rateBp));
  if (session.currency !== currency || session.amount_total !== total) {
    console.error(
      `Checkout ${session.id} paid ${session.amount_total} ${session.currency}; its order costs ${total} ${currency}: nothing given for it`,
    );
    return null;
  }
  return { rateBp, items, currency };
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
  const paid = paidAsQuoted(session, { items: sale.items, currency: await boardCurrency(tx) });
  if (paid === null) return null;
  const invoice = await issueInvoice(tx, {
    ...sale,
    items: paid.items,
    currency: paid.currency,
    rateBp: paid.rateBp,
    paymentMethod: "stripe",
    issuedAt: now,
    paidAt: now,
    collected: await collectedParty(session),
    stripe: { sessionId: session.id, paymentIntent: paymentIntentOf(session) },
  });
  // A coupon used at this Checkout is used for good (coupons.ts).
  await confirmCheckoutRedemption(tx, session.id, invoice.id);
  return invoice;
}

/**
 * The paid invoice of an order a coupon made free (a net of 0: coupons.ts, checkoutWithCoupon),
 * ordered by card but given without Checkout. Call it in the order's transaction.
 */
export const invoiceFreeOrder = (
  tx: Database,
  sale: Pick<IssueInput, "companyId" | "jobId" | "purpose" | "item" | "items">,
  now: Date,
) => issueInvoice(tx, { ...sale, paymentMethod: "stripe", issuedAt: now, paidAt: now });
