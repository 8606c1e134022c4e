// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import { z } from "zod";
import { idSegment } from "@/lib/validation/fields";
import {
  offerSchema,
  billingOverviewSchema,
  creditBalanceAnswerSchema,
  packPurchaseInputSchema,
  packPurchaseSchema,
  couponQuoteInputSchema,
  couponQuoteSchema,
  subscriptionAnswerSchema,
  subscriptionInputSchema,
  subscriptionPortalSchema,
  subscriptionStartInputSchema,
  subscriptionStartSchema,
} from "@/features/billing/api-schemas";
import {
  billingContactAnswerSchema,
  billingContactInputSchema,
  billingDetailsAnswerSchema,
  billingDetailsInputSchema,
} from "@/features/billing/schemas";
import { operation } from "@/lib/api/operation";

export const invoiceParams = z.strictObject({ invoiceId: idSegment("Invoice") });
export const subscriptionParams = z.strictObject({ subscriptionId: idSegment("Subscription") });

/** A company's billing (issue 45): for its owner and admins. Spread into `operations`. */
export const billingOperations = {
  getOffer: operation({
    method: "GET",
    path: "/api/offer",
    summary: "What the board sells: its listing plans and packs, their prices and its currency",
    description:
      "As the board's owner set it (issue 63). Prices are integers in the currency's minor unit. Retired plans and packs are listed (retired: true) for the listings, credits and invoices that name them; they are not for sale.",
    access: "public",
    answers: { 200: offerSchema },
  }),
  getBillingDetails: operation({
    method: "GET",
    path: "/api/company/billing",
    summary: "Who the company's invoices are made out to (null until given)",
    access: "employer",
    employer: { role: "admin" },
    answers: { 200: billingDetailsAnswerSchema },
  }),
  updateBillingDetails: operation({
    method: "PUT",
    path: "/api/company/billing",
    summary: "Set who the company's invoices are made out to: legal name, address, country, VAT ID",
    description:
      "A VAT ID is checked for its country's shape and its check digits (422 on vat_id); that it is registered is not checked. purchase_order is the company's own reference (up to 35 characters; blank: none), quoted on its invoices. Printed on the invoices issued after.",
    access: "employer",
    employer: { role: "admin" },
    body: z.strictObject({ billing: billingDetailsInputSchema }),
    envelope: "billing",
    answers: { 200: billingDetailsAnswerSchema },
  }),
  getBillingContact: operation({
    method: "GET",
    path: "/api/company/billing-contact",
    summary:
      "Where the company's invoices and credit notes are mailed (null: its owner and admins)",
    access: "employer",
    employer: { role: "admin" },
    answers: { 200: billingContactAnswerSchema },
  }),
  updateBillingContact: operation({
    method: "PUT",
    path: "/api/company/billing-contact",
    summary: "Set the address the company's invoices and credit notes are mailed to",
    description:
      "Each invoice and credit note is mailed once, with its PDF, to this address; null (or blank) mails them to the owner and admins. 422 on email for an address that is none.",
    access: "employer",
    employer: { role: "admin" },
    body: billingContactInputSchema,
    answers: { 200: billingContactAnswerSchema },
  }),
  getBilling: operation({
    method: "GET",
    path: "/api/company/invoices",
    summary: "The company's invoices and credit notes, its listing credits, and how it pays",
    access: "employer",
    employer: { role: "admin" },
    answers: { 200: billingOverviewSchema },
  }),
  getInvoicePdf: operation({
    method: "GET",
    path: "/api/company/invoices/{invoiceId}/pdf",
    summary: "One of the company's invoices or credit notes as a PDF",
    description: "Private: never stored by a shared cache.",
    access: "employer",
    employer: { role: "admin" },
    params: invoiceParams,
    answers: { 200: { file: "application/pdf" } },
  }),
  getCreditBalance: operation({
    method: "GET",
    path: "/api/company/credits",
    summary: "How many listing credits of each plan the company can spend",
    description: "Anyone who may post listings may spend them (recruiter and up).",
    access: "employer",
    employer: { role: "recruiter", withoutCompany: true },
    answers: { 200: creditBalanceAnswerSchema },
  }),
  quoteCoupon: operation({
    method: "POST",
    path: "/api/company/coupon-quote",
    summary:
      "What a coupon code takes off a plan's listing, a pack or a subscription's period (issue 63)",
    description:
      "The discount on the product at its price now, before tax, and the new total; 422 with errors.coupon saying why a code does not apply (unknown, expired, used up, already used by the company, first order only, below its minimum order, not for this product). Nothing is redeemed: the order does that, and may still be refused (409 when another order took the last use).",
    access: "employer",
    employer: { role: "recruiter", withoutCompany: true },
    body: couponQuoteInputSchema,
    answers: { 200: couponQuoteSchema },
  }),
  buyPack: operation({
    method: "POST",
    path: "/api/company/packs",
    summary: "Buy a pack of listings (credits valid 12 months)",
    description:
      "By card, answers a Stripe Checkout URL and the credits come once Stripe says it was paid; by bank transfer (no Stripe, or a company on terms), answers the invoice, and its credits are usable once it is paid (before, within the company's credit limit). 409 while an invoice of the company is overdue.",
    access: "employer",
    employer: { role: "admin" },
    body: packPurchaseInputSchema,
    answers: { 200: packPurchaseSchema },
    errors: [503],
  }),
  // Employer subscriptions (issue 63).
  getSubscription: operation({
    method: "GET",
    path: "/api/company/subscription",
    summary: "The company's subscription, what it gives this period, and the plans on sale",
    description:
      "Its plan, status (active, past_due, canceled), current period, whether it ends at the period's end, and the credits this period gave, spent and left. Anyone who may post listings may read it (recruiter and up).",
    access: "employer",
    employer: { role: "recruiter", withoutCompany: true },
    answers: { 200: subscriptionAnswerSchema },
  }),
  startSubscription: operation({
    method: "POST",
    path: "/api/company/subscription",
    summary: "Subscribe to a monthly or yearly plan (issue 63)",
    description:
      "By card, answers a Stripe Checkout URL (subscription mode); the subscription, its invoice and credits come once Stripe says the first period was paid. On invoice (a company on payment terms, or a board without Stripe), answers the subscription and its first period's invoice, and the period's credits are given at once. An optional coupon_code is checked as at any order (422 on coupon_code saying why it does not apply: unknown, expired, not for this subscription plan, first order only, minimum order, used up or used by the company; 409 when another order took its last use) and redeemed once for the subscription: each period's invoice carries its discount line for as long as the coupon's duration says (once: the first period; forever: every period; repeating: each period begun within its months). By card, Checkout is given a Stripe coupon of the same duration. 409 when the company has a subscription already, or while an invoice is overdue.",
    access: "employer",
    employer: { role: "admin" },
    body: subscriptionStartInputSchema,
    answers: { 200: subscriptionStartSchema },
    errors: [503],
  }),
  changeSubscription: operation({
    method: "PUT",
    path: "/api/company/subscription",
    summary: "Move the subscription to another plan of the same interval, with proration",
    description:
      "A dearer plan applies at once: on invoice, an invoice for the rest of the period (the difference of the prices × the whole days left ÷ the days of the period, rounded half up to the minor unit) and the extra listings; by card, Stripe prorates and charges (proration_behavior always_invoice). A cheaper plan applies from the next period, with no refund. 422 for a plan of another interval.",
    access: "employer",
    employer: { role: "admin" },
    body: subscriptionInputSchema,
    answers: { 200: subscriptionStartSchema },
    errors: [503],
  }),
  cancelSubscription: operation({
    method: "DELETE",
    path: "/api/company/subscription/{subscriptionId}",
    summary: "Cancel the subscription at its period's end",
    description:
      "No further period is invoiced or charged; the credits given stay until they expire. 404 for a subscription that is not the company's live one.",
    access: "employer",
    employer: { role: "admin" },
    params: subscriptionParams,
    answers: { 200: z.strictObject({ subscription: subscriptionAnswerSchema.shape.subscription }) },
    errors: [503],
  }),
  openSubscriptionPortal: operation({
    method: "POST",
    path: "/api/company/subscription/portal",
    summary: "A session of Stripe's customer portal, to change the card or cancel",
    description: "For a subscription paid by card; 409 for one on invoice.",
    access: "employer",
    employer: { role: "admin" },
    answers: { 200: subscriptionPortalSchema },
    errors: [503],
  }),
} as const;
