import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callOperation } from "@/lib/api/call";
import type { ApiAnswer } from "@/lib/api-registry/operations";
import { useAuth } from "@/lib/auth/auth-context";
import { billingKeys } from "./use-billing";

/* The company's subscription (issue 63) on the Billing page: read, start, change, cancel. */

export type SubscriptionAnswer = ApiAnswer<"getSubscription">;
export type CompanySubscription = NonNullable<SubscriptionAnswer["subscription"]>;
export type SubscriptionPlan = SubscriptionAnswer["plans"][number];

export const subscriptionKeys = { current: ["billing", "subscription"] as const };

export function useSubscription() {
  const { token } = useAuth();
  return useQuery({
    queryKey: subscriptionKeys.current,
    queryFn: () => callOperation("getSubscription"),
    enabled: Boolean(token),
  });
}

/** After a change: the subscription, and the overview (its invoices and credits), read again. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: subscriptionKeys.current });
    void queryClient.invalidateQueries({ queryKey: billingKeys.overview });
  };
}

/**
 * Subscribes (by card: off to Stripe Checkout), with a coupon code if one was typed (issue 63),
 * or moves to another plan.
 */
export function useSubscribe(change: boolean) {
  const refresh = useRefresh();
  return useMutation({
    meta: { showsError: true },
    mutationFn: ({ plan, couponCode }: { plan: string; couponCode?: string }) =>
      change
        ? callOperation("changeSubscription", { body: { plan } })
        : callOperation("startSubscription", {
            body: { plan, ...(couponCode?.trim() && { coupon_code: couponCode.trim() }) },
          }),
    onSuccess: (answer) => {
      if (answer.checkout_url) {
        window.location.assign(answer.checkout_url);
        return;
      }
      refresh();
    },
  });
}

export function useCancelSubscription() {
  const refresh = useRefresh();
  return useMutation({
    meta: { showsError: true },
    mutationFn: (subscriptionId: number) =>
      callOperation("cancelSubscription", { params: { subscriptionId: String(subscriptionId) } }),
    onSuccess: refresh,
  });
}

/** Off to Stripe's customer portal (change the card, cancel). */
export function useSubscriptionPortal() {
  return useMutation({
    meta: { showsError: true },
    mutationFn: () => callOperation("openSubscriptionPortal"),
    onSuccess: (answer) => window.location.assign(answer.url),
  });
}
