import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import type { ListingPack } from "@/features/billing/offer";
import type { Item } from "@/features/billing/tax";
import { employerActor, recordAudit } from "@/lib/server/audit/audit";
import type { Employer } from "@/lib/server/auth/employer";
import type { Database } from "@/lib/server/db/client";
import { companies, invoices } from "@/lib/server/db/schema";
import { createCheckout, stripeClient } from "./stripe";
import { checkoutOrder, invoiceCheckout, invoiceFreeOrder } from "./checkout";
import { checkoutWithCoupon, confirmRedemption, redeemCoupon } from "./coupons";
import { lockStanding, refuseWhileOverdue } from "./credit-limit";
import { creditBalance, grantCredits } from "./credits";
import { invoiceOfSession, issueInvoice, summaryOf, type InvoiceRow } from "./invoices";
import { mailIssuedDocumentsSoon } from "./invoice-mails";
import { dueDate, howCompanyPays, refuseTransferWithoutBank } from "./payment-terms";
import { packForSale, readOffer } from "./offer";
import { packOf } from "@/features/billing/offer";
import { InvalidInput } from "@/lib/server/errors";

/*
 * Buying a pack (issue 45). By card: a Checkout session, and the credits and the paid invoice
 * once Stripe's event says it was paid. By transfer: the invoice due and the credits, in one
 * transaction; the credits can be spent once the invoice is paid, or before within the
 * company's credit limit (issue 60).
 */

const packItems = (pack: ListingPack): Item[] => [
  {
    description: `${pack.name}, valid ${pack.credit_months} months`,
    quantity: 1,
    unitMinor: pack.price_minor,
    product: { kind: "pack", slug: pack.id },
  },
];

/** Adds the credits a pack's invoice sold. */
const packCredits = (tx: Database, invoice: InvoiceRow, pack: ListingPack) =>
  grantCredits(tx, {
    companyId: invoice.companyId,
    invoiceId: invoice.id,
    plan: pack.plan,
    count: pack.listings,
    months: pack.credit_months,
    at: invoice.issuedAt,
  });

export async function buyPack(
  db: Database,
  { user, member }: Employer,
  packId: string,
  returnUrl: string,
  now: Date = new Date(),
  couponCode?: string | null,
) {
  const pack = await packForSale(db, packId);
  if (!pack) throw new InvalidInput({ pack: ["Choose one of the packs on the pricing page"] });
  const coupon = couponCode
    ? { code: couponCode, product: { kind: "pack" as const, slug: pack.id } }
    : null;
  const how = await howCompanyPays(db, member.companyId);
  if (how.method === "stripe") {
    const placed = await checkoutWithCoupon(
      db,
      member.companyId,
      coupon,
      packItems(pack),
      {
        open: async (items) => {
          const order = await checkoutOrder(db, member.companyId, items, {
            kind: "pack",
            metadata: { pack: pack.id },
            email: user.email,
          });
          return createCheckout((await stripeClient())!, order, returnUrl);
        },
        // A coupon that makes it free: its credits and its paid invoice of 0 at once.
        free: async (tx, items) => {
          const invoice = await invoiceFreeOrder(
            tx,
            { companyId: member.companyId, purpose: "pack", item: pack.id, items },
            now,
          );
          await packCredits(tx, invoice, pack);
          return invoice;
        },
      },
      now,
    );
    if (placed.session) {
      return {
        checkout_url: placed.session.url,
        invoice: null,
        balance: await creditBalance(db, member.companyId, now),
      };
    }
    return placedPack(db, member.companyId, placed.invoiceId, now);
  }
  // Every invoice due by transfer says where to pay: none is issued before that is set.
  refuseTransferWithoutBank();
  const invoice = await db.transaction(async (tx) => {
    // Nothing more on invoice while one is overdue; the credits wait for payment, beyond the
    // company's credit limit (issue 60: credit-limit.ts).
    refuseWhileOverdue(await lockStanding(tx, member.companyId, now));
    const redemption = coupon
      ? await redeemCoupon(tx, member.companyId, coupon.code, packItems(pack), coupon.product, now)
      : null;
    const issued = await issueInvoice(tx, {
      companyId: member.companyId,
      purpose: "pack",
      item: pack.id,
      items: redemption ? [...packItems(pack), redemption.item] : packItems(pack),
      paymentMethod: "transfer",
      issuedAt: now,
      dueAt: dueDate(now, how.termsDays),
    });
    if (redemption) await confirmRedemption(tx, redemption.redemptionId, issued.id);
    await packCredits(tx, issued, pack);
    await recordAudit(tx, employerActor(user), {
      action: "billing.pack",
      subjectType: "invoice",
      subjectId: issued.id,
      companyId: member.companyId,
      detail: {
        pack: pack.id,
        number: issued.number,
        ...(redemption && { coupon: redemption.coupon.code }),
      },
    });
    return issued;
  });
  return placedPack(db, member.companyId, invoice.id, now);
}

/** A pack bought without Checkout: its invoice (mailed at once) and the balance with its credits. */
async function placedPack(db: Database, companyId: number, invoiceId: number, now: Date) {
  await mailIssuedDocumentsSoon();
  const [invoice] = await db.select().from(invoices).where(eq(invoices.id, invoiceId));
  return {
    checkout_url: null,
    invoice: summaryOf(invoice!, null, "company", now),
    balance: await creditBalance(db, companyId, now),
  };
}

/**
 * Acts on a paid pack's Checkout session: its paid invoice and its credits, once per session
 * (the company's row is locked, so the same session reported twice at once waits and finds the
 * invoice). Null when nothing was given (already given, or not the order's price).
 */
export async function packPaid(tx: Database, session: Stripe.Checkout.Session, now: Date) {
  const companyId = Number(session.metadata?.company_id);
  // Paid for as quoted, even if the pack was retired or repriced since (the quote is in the
  // session: checkout.ts); its credits last as the pack says now.
  const pack = packOf(await readOffer(tx), session.metadata?.pack ?? "");
  if (!pack || !Number.isSafeInteger(companyId)) return null;
  const [company] = await tx
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, companyId))
    .for("update");
  if (!company || (await invoiceOfSession(tx, session.id))) return null;
  const invoice = await invoiceCheckout(
    tx,
    session,
    { companyId, purpose: "pack", item: pack.id, items: packItems(pack) },
    now,
  );
  if (invoice) await packCredits(tx, invoice, pack);
  return invoice;
}
