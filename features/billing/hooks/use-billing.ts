import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import toast from "react-hot-toast";
import { API_BASE_URL, apiClient } from "@/lib/api-client";
import { callOperation } from "@/lib/api/call";
import { creditKeys } from "@/features/billing/hooks/use-credit-balance";
import type { ApiAnswer, ApiBody } from "@/lib/api-registry/operations";
import { useAuth } from "@/lib/auth/auth-context";
import { errorCode } from "@/lib/form-errors";
import type { ListingPack } from "@/features/billing/offer";
import { saveFile } from "@/lib/save-file";

/*
 * A company's billing (issue 45): who its invoices are made out to, its invoices and credit
 * notes, its listing credits, and buying a pack of them. The balance alone, which /submit and
 * /listings read, is in use-credit-balance.ts.
 */

export type BillingDetails = NonNullable<ApiAnswer<"getBillingDetails">["billing"]>;
export type BillingDetailsChanges = ApiBody<"updateBillingDetails">["billing"];

/**
 * What GET /api/company/billing said: the details (null until given), or why the page has none
 * to show: the caller's role does not see billing (403), or they are in no company (404).
 */
export type BillingAnswer =
  | { state: "details"; billing: BillingDetails | null }
  | { state: "forbidden" }
  | { state: "no_company" };

export type BillingOverview = ApiAnswer<"getBilling">;
export type InvoiceSummary = BillingOverview["invoices"][number];
export type ListingCredit = BillingOverview["credits"][number];
export type PackPurchase = ApiAnswer<"buyPack">;

export const billingKeys = {
  details: ["billing"] as const,
  contact: ["billing", "contact"] as const,
  overview: ["billing", "overview"] as const,
};

/** A refusal that is an answer to show, not a failure to toast: a role too low, no company. */
const notForCaller = (error: unknown) =>
  errorCode(error) === "forbidden" || errorCode(error) === "not_found";

export function useBillingDetails() {
  const { token } = useAuth();
  return useQuery({
    queryKey: billingKeys.details,
    queryFn: async (): Promise<BillingAnswer> => {
      try {
        const { billing } = await callOperation("getBillingDetails");
        return { state: "details", billing };
      } catch (error) {
        if (errorCode(error) === "forbidden") return { state: "forbidden" };
        if (errorCode(error) === "not_found") return { state: "no_company" };
        throw error;
      }
    },
    enabled: Boolean(token),
  });
}

/** PUT /api/company/billing. Field errors are the form's to show beside each field. */
export function useSaveBillingDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (billing: BillingDetailsChanges) =>
      callOperation("updateBillingDetails", { body: { billing } }),
    onSuccess: ({ billing }) => {
      const answer: BillingAnswer = { state: "details", billing };
      queryClient.setQueryData(billingKeys.details, answer);
      toast.success("Your billing details are saved");
    },
  });
}

export type BillingContact = ApiAnswer<"getBillingContact">["contact"];

/** GET /api/company/billing-contact: where the company's invoices are mailed (issue 61). */
export function useBillingContact(enabled = true) {
  const { token } = useAuth();
  return useQuery({
    queryKey: billingKeys.contact,
    queryFn: async () => (await callOperation("getBillingContact")).contact,
    enabled: Boolean(token) && enabled,
  });
}

/** PUT /api/company/billing-contact. A bad address is the form's to show beside the field. */
export function useSaveBillingContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => callOperation("updateBillingContact", { body: { email } }),
    onSuccess: ({ contact }) => {
      queryClient.setQueryData(billingKeys.contact, contact);
      toast.success(
        contact.email
          ? `Invoices now go to ${contact.email}`
          : "Invoices now go to your owner and admins",
      );
    },
  });
}

/** How often, and how long, the page asks again after a payment on Stripe's page. */
const PAYMENT_POLL_MS = 5_000;
const PAYMENT_WAIT_MS = 120_000;

/**
 * GET /api/company/invoices: the invoices and credit notes, the credits, how the company pays.
 * Null when the caller may not see them (their role, or no company): /listings/billing then says
 * why from its details' answer.
 */
export function useBillingOverview(waitingForPayment = false) {
  const { token } = useAuth();
  const [since] = useState(() => Date.now());
  return useQuery({
    // Back from Stripe: asked again every few seconds for two minutes, until its webhook has
    // brought the credits and the invoice.
    refetchInterval: () =>
      waitingForPayment && Date.now() - since < PAYMENT_WAIT_MS ? PAYMENT_POLL_MS : false,
    queryKey: billingKeys.overview,
    queryFn: async (): Promise<BillingOverview | null> => {
      try {
        return await callOperation("getBilling");
      } catch (error) {
        if (notForCaller(error)) return null;
        throw error;
      }
    },
    enabled: Boolean(token),
  });
}

/**
 * POST /api/company/packs. By card it goes on to Stripe Checkout (the credits come once paid);
 * by bank transfer the answer has the invoice and the new balance, which the screen shows. A
 * refusal is said beside the packs; a coupon code's (issue 63: `errors.coupon`) beside its field.
 */
export function useBuyPack() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { showsError: true },
    mutationFn: ({ pack, coupon = "" }: { pack: ListingPack; coupon?: string }) =>
      callOperation("buyPack", {
        body: { pack: pack.id, ...(coupon.trim() && { coupon: coupon.trim() }) },
      }),
    onSuccess: (answer) => {
      if (answer.checkout_url) {
        window.location.assign(answer.checkout_url);
        return;
      }
      queryClient.setQueryData(creditKeys.balance, answer.balance);
      void queryClient.invalidateQueries({ queryKey: billingKeys.overview });
    },
  });
}

/** An API address the server gave ("/api/company/invoices/12/pdf"), as the client takes it. */
const underApi = (url: string) =>
  url.startsWith(`${API_BASE_URL}/`) ? url.slice(API_BASE_URL.length) : url;

/**
 * Saves an invoice's or credit note's PDF as `invoice-<number>.pdf`: fetched at its `pdf_url`
 * with the token (for the company or a moderator), since a plain link could not send it.
 */
export function useDownloadInvoice() {
  return useMutation({
    mutationFn: (invoice: Pick<InvoiceSummary, "number" | "pdf_url">) =>
      apiClient.get<Blob>(underApi(invoice.pdf_url), {
        responseType: "blob",
        headers: { Accept: "application/pdf" },
      }),
    onSuccess: (blob, invoice) => saveFile(blob, `invoice-${invoice.number}.pdf`),
  });
}
