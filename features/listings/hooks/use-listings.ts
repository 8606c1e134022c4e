import { useMutation, useQueryClient } from "@tanstack/react-query";
import toast from "react-hot-toast";
import { creditKeys } from "@/features/billing/hooks/use-credit-balance";
import { usePersonalQuery } from "@/hooks/use-personal-query";
import { callOperation } from "@/lib/api/call";
import { listingKeys } from "@/lib/query-keys";
import type { ModerationDecision } from "@/features/listings/review-schemas";
import type { EditDecision } from "@/features/listings/edit-schemas";
import type { ApiAnswer, ApiBody, OperationId } from "@/lib/api-registry/operations";
import type { OwnListing } from "@/features/listings/types";

/** The signed-in employer's listings and where each stands. */
export function useOwnListings() {
  return usePersonalQuery<"listOwnListings", OwnListing[]>({
    queryKey: listingKeys.own,
    operation: "listOwnListings",
    select: (data) => data.listings,
  });
}

/** Opens a new Stripe Checkout for a listing awaiting payment, and goes there. */
export function usePayForListing() {
  return useMutation({
    mutationFn: (id: number) => callOperation("payForListing", { params: { listingId: id } }),
    onSuccess: ({ checkout_url }) => window.location.assign(checkout_url),
  });
}

/** The moderators' queue; asked for only by someone the server says moderates. */
export function useReviewQueue(enabled: boolean) {
  return usePersonalQuery({
    queryKey: listingKeys.queue,
    operation: "getReviewQueue",
    enabled,
  });
}

/** What a decision did, in a word: the queue says it where the listing was (issue 61). */
export const DECISION_DONE: Record<ModerationDecision["decision"], string> = {
  approve: "Published",
  reject: "Not approved",
  mark_paid: "Marked paid",
};

/**
 * A moderator's decision on a listing; the queue is read again afterwards. No toast: one would
 * cover the next listing's buttons, so the queue says what was done in its place (issue 61).
 */
export function useDecideListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, title, ...decision }: ModerationDecision & { id: number; title: string }) =>
      callOperation("decideListing", { params: { listingId: id }, body: decision }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: listingKeys.queue }),
  });
}

/** One of the employer's listings, with the fields its edit form starts from. */
export function useOwnListing(id: number | null) {
  return usePersonalQuery({
    queryKey: listingKeys.one(id ?? 0),
    operation: "getOwnListing",
    params: { listingId: id ?? 0 },
    enabled: id !== null,
  });
}

/** Sends an edit of a listing; the caller says what came of it. */
export function useEditListing(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiBody<"editListing">) =>
      callOperation("editListing", { params: { listingId: id }, body }),
    onSuccess: (answer) => {
      queryClient.setQueryData(listingKeys.one(id), answer);
      return queryClient.invalidateQueries({ queryKey: listingKeys.own, exact: true });
    },
  });
}

export type ListingAction = "fill" | "withdraw" | "renew";

const ACTION_OPERATION = {
  fill: "fillListing",
  withdraw: "withdrawListing",
  renew: "renewListing",
} as const satisfies Record<ListingAction, OperationId>;

const ACTION_DONE: Record<ListingAction, string> = {
  fill: "Marked filled",
  withdraw: "Withdrawn",
  renew: "Renewed",
};

/**
 * Fills, withdraws or renews one of the employer's listings; a paid renewal goes on to Stripe
 * Checkout. The list is read again afterwards.
 */
export function useListingAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: ListingAction; title: string }) =>
      callOperation(ACTION_OPERATION[action], { params: { listingId: id } }),
    onSuccess: (answer, { action, title }) => {
      if ("checkout_url" in answer && answer.checkout_url) {
        window.location.assign(answer.checkout_url);
        return;
      }
      toast.success(
        action === "renew" && answer.listing.state !== "live"
          ? `Renewal waiting for payment: ${title}`
          : `${ACTION_DONE[action]}: ${title}`,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: listingKeys.own }),
  });
}

/**
 * A payment for a listing that may spend a credit: renewing it with one, or upgrading a live
 * Standard listing (with a credit, or paying the difference). Stripe Checkout is followed when
 * given; otherwise it is done (an invoice may be due). A refusal (no credit left, no longer live)
 * is said in the dialog that asked. The listings and the credits are read again afterwards.
 */
function useListingPayment<V extends { id: number; title: string }>(
  send: (variables: V) => Promise<ApiAnswer<"renewListing">>,
  done: (variables: V, answer: ApiAnswer<"renewListing">) => string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { showsError: true },
    mutationFn: send,
    onSuccess: (answer, variables) => {
      if (answer.checkout_url) {
        window.location.assign(answer.checkout_url);
        return;
      }
      toast.success(done(variables, answer));
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: listingKeys.own }),
        queryClient.invalidateQueries({ queryKey: creditKeys.balance }),
      ]),
  });
}

/** POST /api/listings/{id}/renew with `use_credit`: a credit of its plan pays. */
export function useRenewWithCredit() {
  return useListingPayment(
    ({ id }: { id: number; title: string }) =>
      callOperation("renewListing", { params: { listingId: id }, body: { use_credit: true } }),
    ({ title }) => `Renewed with a credit: ${title}`,
  );
}

/**
 * POST /api/listings/{id}/renew with a coupon code (issue 63): its discount is taken off the
 * renewal's price; a refused code is said under its field in the dialog that asked.
 */
export function useRenewWithCoupon() {
  return useListingPayment(
    ({ id, coupon }: { id: number; title: string; coupon: string }) =>
      callOperation("renewListing", { params: { listingId: id }, body: { coupon } }),
    ({ title }, answer) =>
      answer.listing.state === "live"
        ? `Renewed: ${title}`
        : `Renewal waiting for payment: ${title}`,
  );
}

/** POST /api/listings/{id}/upgrade: a live listing moves to a dearer plan (`planName`). */
export function useUpgradeListing() {
  return useListingPayment(
    ({
      id,
      ...upgrade
    }: ApiBody<"upgradeListing"> & { id: number; title: string; planName: string }) =>
      callOperation("upgradeListing", {
        params: { listingId: id },
        body: {
          plan: upgrade.plan,
          use_credit: upgrade.use_credit,
          ...(upgrade.coupon && { coupon: upgrade.coupon }),
        },
      }),
    ({ plan, planName, title }, answer) =>
      answer.listing.plan === plan
        ? `Now ${planName}: ${title}`
        : `Invoiced: ${title} becomes ${planName} once the invoice is paid`,
  );
}

/** Edits of published listings waiting for a moderator. */
export function useEditQueue(enabled: boolean) {
  return usePersonalQuery({
    queryKey: listingKeys.edits,
    operation: "getEditQueue",
    enabled,
  });
}

/** A moderator's decision on an edit; the edits are read again afterwards. */
export function useDecideEdit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, title, ...decision }: EditDecision & { id: number; title: string }) =>
      callOperation("decideEdit", { params: { editId: id }, body: decision }),
    onSuccess: (_, { decision, title }) => {
      toast.success(`${decision === "approve" ? "Edit published" : "Edit refused"}: ${title}`);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["admin"] }),
  });
}
