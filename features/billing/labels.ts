import type { CreditBalance, CreditState, INVOICE_FILTERS, InvoiceSummary } from "./api-schemas";
import type { InvoiceTermsDays } from "./documents";
import { formatDate } from "@/lib/format";
import { planOf, type Offer } from "@/features/billing/offer";
import type { Tone } from "@/lib/tones";

/*
 * What the billing screens say (issue 45): invoice and credit states, a balance, how a company
 * pays. Browser-only words: the types come from the API's schemas, no zod comes with them.
 */

/** "Sponsored", "Featured": a plan's name in the offer, retired or not. */
export const planName = (offer: Offer, plan: string) => planOf(offer, plan)?.name ?? plan;

/** The usable credits of `plan` in a balance. */
export const creditsLeft = (balance: Pick<CreditBalance, "by_plan">, plan: string) =>
  balance.by_plan[plan] ?? 0;

/** "1 credit", "3 credits". */
export const credits = (count: number) => `${count} ${count === 1 ? "credit" : "credits"}`;

/** "2 Sponsored credits, 1 Featured"; "1 Featured credit"; "No credits". */
export function balanceSentence(balance: Pick<CreditBalance, "by_plan">, offer: Offer): string {
  // In the offer's order; a plan no longer in it (none is ever deleted) last.
  const order = (plan: string) => {
    const at = offer.plans.findIndex((each) => each.id === plan);
    return at < 0 ? offer.plans.length : at;
  };
  const held = Object.keys(balance.by_plan)
    .filter((plan) => creditsLeft(balance, plan) > 0)
    .sort((a, b) => order(a) - order(b));
  if (held.length === 0) return "No credits";
  return held
    .map((plan, index) => {
      const left = creditsLeft(balance, plan);
      const name = planName(offer, plan);
      return index === 0
        ? `${left} ${name} ${left === 1 ? "credit" : "credits"}`
        : `${left} ${name}`;
    })
    .join(", ");
}

export const CREDIT_STATE_LABELS: Record<CreditState, string> = {
  available: "Available",
  on_hold: "Waits for payment",
  spent: "Used",
  expired: "Expired",
  revoked: "Taken back",
};

/** Where an invoice or credit note stands, in words and a colour for its badge. */
export function invoiceStatus(invoice: InvoiceSummary): { label: string; tone: Tone } {
  if (invoice.kind === "credit_note") {
    switch (invoice.refund_status) {
      case "pending":
        return { label: "Refund pending", tone: "amber" };
      case "succeeded":
        return { label: "Refunded", tone: "green" };
      case "failed":
        return { label: "Refund failed", tone: "red" };
      case "none":
        return { label: "Issued", tone: "grey" };
    }
  }
  switch (invoice.status) {
    case "due":
      return {
        label: invoice.due_at ? `Due by ${formatDate(invoice.due_at)}` : "Due",
        tone: "amber",
      };
    case "overdue":
      return { label: "Overdue", tone: "red" };
    case "paid":
      return { label: "Paid", tone: "green" };
    case "credited":
      return { label: "Credited", tone: "grey" };
    case "issued":
      return { label: "Issued", tone: "grey" };
  }
}

/** "Pays by card"; "Pays by bank transfer within 14 days". */
export function paysBy(payment: { pays_by: "card" | "transfer"; terms_days: number | null }) {
  if (payment.pays_by === "card" || payment.terms_days === null) return "Pays by card";
  return `Pays by bank transfer within ${payment.terms_days} days`;
}

/** A moderator's choices of payment terms: card only (null in the API), or days to pay. */
export const TERMS_CHOICES: readonly { days: InvoiceTermsDays | null; label: string }[] = [
  { days: null, label: "Standard terms" },
  { days: 14, label: "Bank transfer, 14 days" },
  { days: 30, label: "Bank transfer, 30 days" },
];

/** A moderator's choice of invoices to see. */
export const INVOICE_FILTER_LABELS: Record<(typeof INVOICE_FILTERS)[number], string> = {
  unpaid: "Unpaid",
  overdue: "Overdue",
  all: "All",
};

/**
 * Why nothing is sold on invoice (issue 61): the board's bank details are not set, so an invoice
 * could not say where to pay. The API's 409 says it, and the pages that would offer transfer.
 */
export const TRANSFER_UNAVAILABLE =
  "Paying by bank transfer is not available yet: the board's bank details are not set up, so an invoice could not say where to pay. Pay by card, use a listing credit, or contact us.";
