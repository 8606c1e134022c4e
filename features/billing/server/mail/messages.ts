import type { PaidPlanId } from "@/features/billing/offer";

/*
 * The mail billing sends: each template's props, added to the registry of every message
 * (lib/server/mail/messages.ts). Its templates are beside this file.
 */

declare module "@/lib/server/mail/messages" {
  interface MailTemplates {
    /**
     * To a company's billing contacts (its billing address, else its owner and admins): an
     * invoice or credit note just issued, its PDF attached by the mail worker (issue 61). An
     * invoice due by transfer says where to pay and what to quote. Queued once per document
     * (features/billing/server/invoice-mails.ts).
     */
    "invoice-issued": {
      invoiceId: number;
      kind: "invoice" | "credit_note";
      number: string;
      companyName: string;
      /** The document's first line, what it is for. */
      description: string;
      totalMinor: number;
      /** ISO 4217, lower or upper case. */
      currency: string;
      /** Set for an invoice due by transfer. */
      dueAt: string | null;
      paidAt: string | null;
      paymentMethod: "stripe" | "transfer";
      /** The seller's bank account, one line per entry; empty when none is set. */
      bank: string[];
      /** A credit note's invoice. */
      creditsInvoice: string | null;
      /** Why they get it: the company's billing address, or its owner or an admin. */
      recipient: "billing-address" | "admin";
    };
    /**
     * To a company's owner and admins: an invoice to pay by transfer is due in a week or less
     * ("soon"), or today. Each is sent once per invoice (features/billing/server/reminders.ts).
     */
    "invoice-reminder": {
      invoiceNumber: string;
      companyName: string;
      when: "soon" | "today";
      dueAt: string;
      amountMinor: number;
      /** ISO 4217, lower or upper case. */
      currency: string;
    };
    /**
     * To a company's owner and admins: listing credits that expire within two weeks, counted by
     * plan and day, soonest first. Each credit is told of once.
     */
    "credits-expiring": {
      companyName: string;
      /** By plan (its name as the offer says when mailed) and day. */
      credits: { plan: PaidPlanId; planName: string; count: number; expiresAt: string }[];
    };
    /**
     * To a company's owner and admins: Stripe could not charge the card for the subscription's
     * period (issue 63). Stripe tries again (`nextAttemptAt`); after its last try (null) the
     * subscription ended and gives no more credits.
     */
    "subscription-payment-failed": {
      companyName: string;
      planName: string;
      amountMinor: number;
      /** ISO 4217, lower or upper case. */
      currency: string;
      nextAttemptAt: string | null;
    };
    /**
     * To a company's owner and admins: a subscription on invoice whose period invoice is unpaid
     * past its due date (issue 63). `past_due` when it became past due, `reminder` a week before
     * it ends, `ended` when it ended (`endsAt` passed): no next period, no more credits.
     */
    "subscription-past-due": {
      companyName: string;
      planName: string;
      invoiceNumber: string;
      amountMinor: number;
      /** ISO 4217, lower or upper case. */
      currency: string;
      dueAt: string;
      endsAt: string;
      stage: "past_due" | "reminder" | "ended";
    };
  }
}
