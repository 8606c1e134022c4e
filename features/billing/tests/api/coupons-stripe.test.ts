// @vitest-environment node
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createCoupon } from "@/features/billing/server/coupons";
import { couponRedemptions, invoices, listingCredits } from "@/lib/server/db/schema";
import { callAs, sessionOf, stripeCheckout } from "@/tests/api/stripe-checkout";
import { person, postListing, type Person } from "@/tests/api/team-suite";
import { setUpTestDatabase } from "@/tests/support/database";

/*
 * Coupons paid by card (issue 63), against the Stripe stand-in: Checkout is sent the order's
 * net as one line named with the code (it takes no negative line), its quote keeps the discount
 * line; the webhook invoices the discounted amount with that line, and refuses the undiscounted
 * one. A session's use counts until it is paid, or for 24 hours.
 */

const handle = setUpTestDatabase();
const run = Math.random().toString(36).slice(2, 8);
const CODE = run.toUpperCase();

let owner: Person;
let other: Person;

beforeAll(async () => {
  vi.stubEnv("RECAPTCHA_SECRET_KEY", "");
  owner = await person(handle.db, `cs-owner-${run}`, `owner-${run}@coupon-card.example`, "Owner");
  other = await person(handle.db, `cs-other-${run}`, `other-${run}@coupon-card.example`, "Other");
  await postListing(handle.db, owner, `Card Coupon Studio ${run}`);
  await postListing(handle.db, other, `Other Coupon Studio ${run}`);
}, 120_000);

const api = callAs;
const { standIn, lastCheckout, paidEvent, deliver } = stripeCheckout(run);
const invoicesOf = (session: string) =>
  handle.db.select().from(invoices).where(eq(invoices.stripeSessionId, session));
const creditsOf = (invoiceId: number) =>
  handle.db.select().from(listingCredits).where(eq(listingCredits.invoiceId, invoiceId));

const useOf = async (session: string) =>
  (
    await handle.db
      .select()
      .from(couponRedemptions)
      .where(eq(couponRedemptions.checkoutSession, session))
  )[0];

describe("a pack paid by card with a coupon", () => {
  it("sends Checkout the net in one line named with the code, and invoices the discount line when paid", async () => {
    await createCoupon(handle.db, { code: `CARD${CODE}`, kind: "percent", percentBp: 2000 });
    const bought = await api("/api/company/packs", owner, {
      pack: "sponsored-3",
      coupon: `card${CODE}`,
    });
    expect(bought.status).toBe(200);
    const session = sessionOf((bought.body as { checkout_url: string }).checkout_url);
    const form = lastCheckout();
    expect(form.get("line_items[0][price_data][unit_amount]")).toBe("39920");
    expect(form.get("line_items[0][price_data][product_data][name]")).toBe(
      `3 Sponsored listings, valid 12 months, Discount CARD${CODE} (20%)`,
    );
    expect(form.get("line_items[1][price_data][unit_amount]")).toBeNull();
    expect(JSON.parse(form.get("metadata[quote]")!)).toMatchObject({
      i: [
        ["3 Sponsored listings, valid 12 months", 1, 49_900, "pack:sponsored-3"],
        [`Discount CARD${CODE} (20%)`, 1, -9_980, `coupon:CARD${CODE}`],
      ],
    });
    // The session holds a use, without an invoice yet.
    expect(await useOf(session)).toMatchObject({ invoiceId: null, discountMinor: 9_980 });

    // Paying the undiscounted price is refused: nothing is invoiced.
    await deliver(paidEvent(form, session, { amount: 49_900 }));
    expect(await invoicesOf(session)).toEqual([]);

    const paid = await deliver(paidEvent(form, session));
    expect(paid.status).toBe(200);
    const [invoice] = await invoicesOf(session);
    expect(invoice).toMatchObject({ subtotalMinor: 39_920, totalMinor: 39_920 });
    // Each line names its product, carried through Checkout by the quote (issue 63).
    expect(invoice!.lines).toEqual([
      expect.objectContaining({
        net_minor: 49_900,
        product: { kind: "pack", slug: "sponsored-3" },
      }),
      expect.objectContaining({
        description: `Discount CARD${CODE} (20%)`,
        quantity: 1,
        unit_minor: -9_980,
        net_minor: -9_980,
        product: { kind: "coupon", slug: `CARD${CODE}` },
      }),
    ]);
    expect(await creditsOf(invoice!.id)).toHaveLength(3);
    expect(await useOf(session)).toMatchObject({ invoiceId: invoice!.id });
  });

  it("holds the last use for an unpaid session 24 hours, then lets another order have it", async () => {
    const code = `HOLD${CODE}`;
    const row = await createCoupon(handle.db, {
      code,
      kind: "amount",
      amountMinor: 10_000,
      maxRedemptions: 1,
    });
    const first = await api("/api/company/packs", owner, { pack: "sponsored-3", coupon: code });
    expect(first.status).toBe(200);
    const held = await api("/api/company/packs", other, { pack: "sponsored-3", coupon: code });
    expect(held).toMatchObject({
      status: 409,
      body: { error: "This coupon code has been used up" },
    });
    // The first session was never paid: a day on, its use counts no more.
    await handle.db
      .update(couponRedemptions)
      .set({ redeemedAt: new Date(Date.now() - 24 * 60 * 60 * 1000 - 60_000) })
      .where(and(eq(couponRedemptions.couponId, row.id)));
    const later = await api("/api/company/packs", other, { pack: "sponsored-3", coupon: code });
    expect(later.status).toBe(200);
    expect(lastCheckout().get("line_items[0][price_data][unit_amount]")).toBe("39900");
  });

  it("gives the use back when Checkout cannot be opened", async () => {
    const code = `DOWN${CODE}`;
    const row = await createCoupon(handle.db, {
      code,
      kind: "percent",
      percentBp: 1000,
      maxRedemptions: 1,
    });
    standIn().set("down");
    const failed = await api("/api/company/packs", owner, { pack: "sponsored-3", coupon: code });
    expect(failed.status).toBeGreaterThanOrEqual(500);
    const [use] = await handle.db
      .select()
      .from(couponRedemptions)
      .where(eq(couponRedemptions.couponId, row.id));
    expect(use!.releasedAt).not.toBeNull();
    standIn().set("up");
    expect(
      (await api("/api/company/packs", owner, { pack: "sponsored-3", coupon: code })).status,
    ).toBe(200);
  });
});
