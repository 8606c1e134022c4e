import type Stripe from "stripe";
import { describe, expect, it, vi } from "vitest";
import { checkoutLines, paidAsQuoted } from "@/features/billing/server/checkout";

/*
 * The quote a Checkout session carries in its metadata (issue 63), read back at the webhook. Only
 * the board writes it and Stripe signs the event that returns it, but it is read as hostile all
 * the same: anything but a well-formed quote is no quote, and the order is then held to the offer
 * as it stands; a payment that does not match what the order costs gives nothing.
 */

const ORDER = {
  currency: "usd",
  items: [{ description: "Sponsored listing", quantity: 1, unitMinor: 19_900 }],
};

const session = (metadata: Record<string, string>, amount: number, currency = "usd") =>
  ({
    id: "cs_test_quote",
    currency,
    amount_total: amount,
    metadata: { tax_rate_bp: "0", ...metadata },
  }) as unknown as Stripe.Checkout.Session;

const quoteOf = (value: unknown) => ({ quote: JSON.stringify(value) });

describe("a Checkout session's quote", () => {
  it("invoices the quoted lines, discount included, when Stripe charged their sum", () => {
    const quoted = {
      c: "usd",
      i: [
        ["Featured listing", 1, 34_900],
        ["Discount LAUNCH (20%)", 1, -6_980],
      ],
    };
    expect(paidAsQuoted(session(quoteOf(quoted), 27_920), ORDER)).toEqual({
      rateBp: 0,
      currency: "usd",
      items: [
        { description: "Featured listing", quantity: 1, unitMinor: 34_900 },
        { description: "Discount LAUNCH (20%)", quantity: 1, unitMinor: -6_980 },
      ],
    });
  });

  it("reads a malformed quote as none, and holds the payment to the offer's price", () => {
    const malformed = [
      { quote: "{" },
      { quote: "null" },
      { quote: '"text"' },
      quoteOf({ c: "usd" }),
      quoteOf({ c: 1, i: [] }),
      quoteOf({ c: "usd", i: {} }),
      quoteOf({ c: "usd", i: [42] }),
      quoteOf({ c: "usd", i: [["x", 1.5, 100]] }),
      quoteOf({ c: "usd", i: [["x", -1, 100]] }),
      quoteOf({ c: "usd", i: [["x", 1, 0.5]] }),
      quoteOf({ c: "usd", i: [["x", 1, "100"]] }),
      quoteOf({ c: "usd", i: [["x", 1, 2 ** 60]] }),
      quoteOf({ c: "usd", i: [["Discount", 1, -100]] }),
      { quote: '{"c":"usd","i":[],"__proto__":{"c":"eur"}}' },
    ];
    for (const metadata of malformed) {
      // The offer's price: paid, as the offer prices it now.
      expect({ metadata, paid: paidAsQuoted(session(metadata, 19_900), ORDER) }).toMatchObject({
        metadata,
        paid: { items: ORDER.items },
      });
    }
  });

  it("gives nothing for a charge that is not the order's price, or a tax rate out of bounds", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect(paidAsQuoted(session({}, 100), ORDER)).toBeNull();
    expect(paidAsQuoted(session({}, 19_900, "eur"), ORDER)).toBeNull();
    expect(
      paidAsQuoted(session(quoteOf({ c: "usd", i: [["Free", 1, 0]] }), 19_900), ORDER),
    ).toBeNull();
    for (const rate of ["-1", "10001", "0.5", "NaN", "1e400"]) {
      expect(paidAsQuoted(session({ tax_rate_bp: rate }, 19_900), ORDER)).toBeNull();
    }
    error.mockRestore();
  });

  it("sends Checkout one net line named with the code when a discount is in the order", () => {
    expect(
      checkoutLines([
        { description: "Sponsored 3-pack", quantity: 2, unitMinor: 49_900 },
        { description: "Discount ZNIŻKA (10%)", quantity: 1, unitMinor: -9_980 },
      ]),
    ).toEqual([
      { name: "2 × Sponsored 3-pack, Discount ZNIŻKA (10%)", unitMinor: 89_820, quantity: 1 },
    ]);
  });
});
