import { keepPreviousData, useMutation, useQueryClient } from "@tanstack/react-query";
import toast from "react-hot-toast";
import { usePersonalQuery } from "@/hooks/use-personal-query";
import { callOperation } from "@/lib/api/call";
import type { ApiAnswer, ApiBody } from "@/lib/api-registry/operations";
import type { INVOICE_FILTERS } from "@/features/billing/api-schemas";

/*
 * The moderators' side of billing (issue 45) on /review/billing: invoices to follow up, marking
 * one paid, refunding one, and a company's payment terms. Each is asked for only by someone the
 * server says moderates; refusals (already paid, nothing left to refund) are the screen's to say.
 */

export type InvoiceFilter = (typeof INVOICE_FILTERS)[number];
export type ModeratorInvoice = ApiAnswer<"listInvoices">["invoices"][number];
export type Refund = ApiAnswer<"refundInvoice">;

export const invoiceReviewKeys = {
  all: ["admin", "invoices"] as const,
  list: (filter: InvoiceFilter) => ["admin", "invoices", filter] as const,
};

/** GET /api/moderation/invoices?status=: unpaid (due or overdue), overdue, or all; newest first. */
export function useModeratorInvoices(filter: InvoiceFilter, enabled: boolean) {
  return usePersonalQuery({
    queryKey: invoiceReviewKeys.list(filter),
    operation: "listInvoices",
    query: { status: filter },
    enabled,
    // Switching the filter shows the last list until the next arrives, not a spinner.
    placeholderData: keepPreviousData,
  });
}

/** POST /api/moderation/invoices/{id}/paid: paid by bank transfer; a listing waiting on it runs. */
export function useMarkInvoicePaid() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { showsError: true },
    mutationFn: (invoice: ModeratorInvoice) =>
      callOperation("markInvoicePaid", { params: { invoiceId: invoice.id } }),
    onSuccess: (invoice) => toast.success(`Marked paid: ${invoice.number}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: invoiceReviewKeys.all }),
  });
}

/**
 * POST /api/moderation/invoices/{id}/refund with the reason: a credit note, and the money back (a
 * pack's unspent credits are taken back). The screen names the credit note.
 */
export function useRefundInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { showsError: true },
    mutationFn: ({ invoice, reason }: { invoice: ModeratorInvoice; reason: string }) =>
      callOperation("refundInvoice", { params: { invoiceId: invoice.id }, body: { reason } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: invoiceReviewKeys.all }),
  });
}

/** PUT /api/moderation/companies/{id}/terms: bank transfer within 14 or 30 days, or card only (null). */
/** PUT /api/moderation/companies/{id}/credit-limit: how much it may use before paying. */
export function useSetCreditLimit() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { showsError: true },
    mutationFn: ({ companyId, limit_minor }: { companyId: number } & ApiBody<"setCreditLimit">) =>
      callOperation("setCreditLimit", { params: { companyId }, body: { limit_minor } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invoiceReviewKeys.all }),
  });
}

export function useSetPaymentTerms() {
  return useMutation({
    meta: { showsError: true },
    mutationFn: ({ companyId, days }: { companyId: number } & ApiBody<"setPaymentTerms">) =>
      callOperation("setPaymentTerms", { params: { companyId }, body: { days } }),
  });
}
