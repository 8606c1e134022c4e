// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import { z } from "zod";
import { idSegment } from "@/features/account/schemas";
import {
  billingOverviewSchema,
  creditBalanceAnswerSchema,
  creditLimitInputSchema,
  creditLimitResultSchema,
  moderatorInvoiceSchema,
  moderatorInvoicesQuerySchema,
  moderatorInvoicesSchema,
  packPurchaseInputSchema,
  packPurchaseSchema,
  refundInputSchema,
  refundResultSchema,
  termsInputSchema,
  termsResultSchema,
} from "@/features/billing/api-schemas";
import {
  billingContactAnswerSchema,
  billingContactInputSchema,
  billingDetailsAnswerSchema,
  billingDetailsInputSchema,
} from "@/features/billing/schemas";
import { operation } from "@/lib/api/operation";

const invoiceParams = z.strictObject({ invoiceId: idSegment("Invoice") });

/** A company's billing (issue 45): for its owner and admins. Spread into `operations`. */
export const billingOperations = {
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
      "A VAT ID is checked for its country's shape and its check digits (422 on vat_id); that it is registered is not checked. Printed on the invoices issued after.",
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
  listInvoices: operation({
    method: "GET",
    path: "/api/moderation/invoices",
    summary: "Invoices for moderators: unpaid (the default), overdue, or all; newest first",
    access: "moderator",
    query: moderatorInvoicesQuerySchema,
    answers: { 200: moderatorInvoicesSchema },
  }),
  getModeratorInvoicePdf: operation({
    method: "GET",
    path: "/api/moderation/invoices/{invoiceId}/pdf",
    summary: "Any invoice or credit note as a PDF",
    access: "moderator",
    params: invoiceParams,
    answers: { 200: { file: "application/pdf" } },
    errors: [404],
  }),
  markInvoicePaid: operation({
    method: "POST",
    path: "/api/moderation/invoices/{invoiceId}/paid",
    summary: "Record that an invoice due was paid (by bank transfer)",
    description: "A listing waiting on it counts as paid. 409 when it was paid or credited.",
    access: "moderator",
    params: invoiceParams,
    answers: { 200: moderatorInvoiceSchema },
    errors: [404, 409],
  }),
  refundInvoice: operation({
    method: "POST",
    path: "/api/moderation/invoices/{invoiceId}/refund",
    summary: "Refund an invoice: a credit note in its own series, and the money back",
    description:
      "A listing's invoice is refunded whole; a pack's, for its credits not yet spent (they are taken back). Paid through Stripe, Stripe refunds the card; an unpaid invoice is cancelled. 409 when nothing is left to refund.",
    access: "moderator",
    params: invoiceParams,
    body: refundInputSchema,
    answers: { 200: refundResultSchema },
    errors: [404, 409],
  }),
  setCreditLimit: operation({
    method: "PUT",
    path: "/api/moderation/companies/{companyId}/credit-limit",
    summary: "Set how much a company may use before paying its invoices (in cents; 0 by default)",
    description:
      "Credits of a pack not yet paid, and upgrades on an invoice due, are usable within it; an overdue invoice stops both whatever the limit.",
    access: "moderator",
    params: z.strictObject({ companyId: idSegment("Company") }),
    body: creditLimitInputSchema,
    answers: { 200: creditLimitResultSchema },
    errors: [404],
  }),
  setPaymentTerms: operation({
    method: "PUT",
    path: "/api/moderation/companies/{companyId}/terms",
    summary: "Let a company pay by invoice in 14 or 30 days, or only by card (null)",
    access: "moderator",
    params: z.strictObject({ companyId: idSegment("Company") }),
    body: termsInputSchema,
    answers: { 200: termsResultSchema },
    errors: [404],
  }),
} as const;
