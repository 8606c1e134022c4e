import { useMutation, useQueryClient } from "@tanstack/react-query";
import { usePersonalQuery } from "@/hooks/use-personal-query";
import { callOperation } from "@/lib/api/call";
import type { ApiAnswer, ApiBody } from "@/lib/api-registry/operations";

/*
 * The console where moderators set what the board sells (issue 63) on /review/offer: the whole
 * offer, and each change to it. Every change is followed by a fresh read of the offer; field
 * errors (422) and refusals (404, 409) are the forms' and dialogs' to show.
 */

export type ConsoleOffer = ApiAnswer<"getOfferConsole">;
export type ConsolePlan = ConsoleOffer["plans"][number];
export type ConsolePack = ConsoleOffer["packs"][number];
export type PlanBody = ApiBody<"createOfferPlan">;
export type PackBody = ApiBody<"createOfferPack">;
export type OfferSettingsBody = ApiBody<"updateOfferSettings">;

export const offerConsoleKeys = { all: ["admin", "offer"] as const };

/** GET /api/moderation/offer: plans and packs (retired ones too), currency, comparison. */
export function useOfferConsole() {
  return usePersonalQuery({ queryKey: offerConsoleKeys.all, operation: "getOfferConsole" });
}

/** After any change: the offer as it now stands. */
function useRefreshOffer() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: offerConsoleKeys.all });
}

/** POST /api/moderation/offer/plans, or PUT .../plans/{slug} for `slug`. */
export function useSavePlan(slug: string | null) {
  const refresh = useRefreshOffer();
  return useMutation({
    mutationFn: ({ slug: newSlug, ...fields }: PlanBody) =>
      slug === null
        ? callOperation("createOfferPlan", { body: { slug: newSlug, ...fields } })
        : callOperation("updateOfferPlan", { params: { slug }, body: fields }),
    onSuccess: refresh,
  });
}

/** POST /api/moderation/offer/packs, or PUT .../packs/{slug} for `slug`. */
export function useSavePack(slug: string | null) {
  const refresh = useRefreshOffer();
  return useMutation({
    mutationFn: ({ slug: newSlug, ...fields }: PackBody) =>
      slug === null
        ? callOperation("createOfferPack", { body: { slug: newSlug, ...fields } })
        : callOperation("updateOfferPack", { params: { slug }, body: fields }),
    onSuccess: refresh,
  });
}

/** POST .../plans/{slug}/retire takes it off sale (its packs too); DELETE puts it back. */
export function useSetPlanRetired() {
  const refresh = useRefreshOffer();
  return useMutation({
    mutationFn: ({ slug, retired }: { slug: string; retired: boolean }) =>
      callOperation(retired ? "retireOfferPlan" : "restoreOfferPlan", { params: { slug } }),
    onSettled: refresh,
  });
}

/** POST .../packs/{slug}/retire takes it off sale; DELETE puts it back. */
export function useSetPackRetired() {
  const refresh = useRefreshOffer();
  return useMutation({
    mutationFn: ({ slug, retired }: { slug: string; retired: boolean }) =>
      callOperation(retired ? "retireOfferPack" : "restoreOfferPack", { params: { slug } }),
    onSettled: refresh,
  });
}

/** PUT /api/moderation/offer/settings: the currency (no price converted) and the comparison. */
export function useSaveOfferSettings() {
  const refresh = useRefreshOffer();
  return useMutation({
    mutationFn: (body: OfferSettingsBody) => callOperation("updateOfferSettings", { body }),
    onSuccess: refresh,
  });
}
