import { useMutation, useQueryClient } from "@tanstack/react-query";
import { usePersonalQuery } from "@/hooks/use-personal-query";
import { callOperation } from "@/lib/api/call";
import type { ApiAnswer, ApiBody } from "@/lib/api-registry/operations";

/*
 * The console where moderators set what the board sells (issue 63) on /review/offer: the whole
 * offer, its coupons, and each change to them. Every change is followed by a fresh read of the
 * offer and the coupons; field errors (422) and refusals (404, 409) are the forms' and dialogs'
 * to show.
 */

export type ConsoleOffer = ApiAnswer<"getOfferConsole">;
export type ConsolePlan = ConsoleOffer["plans"][number];
export type ConsolePack = ConsoleOffer["packs"][number];
export type ConsoleSubscriptionPlan = ConsoleOffer["subscription_plans"][number];
export type ConsoleCoupon = ApiAnswer<"listCoupons">["coupons"][number];
export type PlanBody = ApiBody<"createOfferPlan">;
export type PackBody = ApiBody<"createOfferPack">;
export type SubscriptionPlanBody = ApiBody<"createOfferSubscriptionPlan">;
export type CouponBody = ApiBody<"createCoupon">;
export type OfferSettingsBody = ApiBody<"updateOfferSettings">;

export const offerConsoleKeys = {
  all: ["admin", "offer"] as const,
  coupons: ["admin", "offer", "coupons"] as const,
};

/** GET /api/moderation/offer: plans and packs (retired ones too), currency, comparison. */
export function useOfferConsole() {
  return usePersonalQuery({ queryKey: offerConsoleKeys.all, operation: "getOfferConsole" });
}

/** GET /api/moderation/offer/coupons: every coupon, newest first, with its uses and state. */
export function useCoupons() {
  return usePersonalQuery({ queryKey: offerConsoleKeys.coupons, operation: "listCoupons" });
}

/**
 * A change to the offer: once it succeeded (or, with `always`, once it is over either way) the
 * offer and the coupons are read again (their keys share the prefix).
 */
function useOfferChange<V, R>(mutationFn: (variables: V) => Promise<R>, always = false) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: offerConsoleKeys.all });
  return useMutation({
    mutationFn,
    ...(always ? { onSettled: refresh } : { onSuccess: refresh }),
  });
}

/** POST /api/moderation/offer/plans, or PUT .../plans/{slug} for `slug`. */
export function useSavePlan(slug: string | null) {
  return useOfferChange(({ slug: newSlug, ...fields }: PlanBody) =>
    slug === null
      ? callOperation("createOfferPlan", { body: { slug: newSlug, ...fields } })
      : callOperation("updateOfferPlan", { params: { slug }, body: fields }),
  );
}

/** POST /api/moderation/offer/packs, or PUT .../packs/{slug} for `slug`. */
export function useSavePack(slug: string | null) {
  return useOfferChange(({ slug: newSlug, ...fields }: PackBody) =>
    slug === null
      ? callOperation("createOfferPack", { body: { slug: newSlug, ...fields } })
      : callOperation("updateOfferPack", { params: { slug }, body: fields }),
  );
}

/** POST /api/moderation/offer/subscription-plans, or PUT .../subscription-plans/{slug}. */
export function useSaveSubscriptionPlan(slug: string | null) {
  return useOfferChange(({ slug: newSlug, ...fields }: SubscriptionPlanBody) =>
    slug === null
      ? callOperation("createOfferSubscriptionPlan", { body: { slug: newSlug, ...fields } })
      : callOperation("updateOfferSubscriptionPlan", { params: { slug }, body: fields }),
  );
}

/** POST /api/moderation/offer/coupons, or PUT .../coupons/{couponId} for `id`. */
export function useSaveCoupon(id: number | null) {
  return useOfferChange((body: CouponBody) =>
    id === null
      ? callOperation("createCoupon", { body })
      : callOperation("updateCoupon", { params: { couponId: String(id) }, body }),
  );
}

/** POST .../plans/{slug}/retire takes it off sale (its packs too); DELETE puts it back. */
export function useSetPlanRetired() {
  return useOfferChange(
    ({ slug, retired }: { slug: string; retired: boolean }) =>
      callOperation(retired ? "retireOfferPlan" : "restoreOfferPlan", { params: { slug } }),
    true,
  );
}

/** POST .../packs/{slug}/retire takes it off sale; DELETE puts it back. */
export function useSetPackRetired() {
  return useOfferChange(
    ({ slug, retired }: { slug: string; retired: boolean }) =>
      callOperation(retired ? "retireOfferPack" : "restoreOfferPack", { params: { slug } }),
    true,
  );
}

/** POST .../subscription-plans/{slug}/retire takes it off sale; DELETE puts it back. */
export function useSetSubscriptionPlanRetired() {
  return useOfferChange(
    ({ slug, retired }: { slug: string; retired: boolean }) =>
      callOperation(retired ? "retireOfferSubscriptionPlan" : "restoreOfferSubscriptionPlan", {
        params: { slug },
      }),
    true,
  );
}

/** POST .../coupons/{couponId}/retire: out of use for good (there is no restoring a coupon). */
export function useRetireCoupon() {
  return useOfferChange(
    ({ id }: { id: number }) => callOperation("retireCoupon", { params: { couponId: String(id) } }),
    true,
  );
}

/** PUT /api/moderation/offer/settings: the currency (no price converted) and the comparison. */
export function useSaveOfferSettings() {
  return useOfferChange((body: OfferSettingsBody) =>
    callOperation("updateOfferSettings", { body }),
  );
}
