import { useMutation, useQueryClient } from "@tanstack/react-query";
import toast from "react-hot-toast";
import { usePersonalQuery } from "@/hooks/use-personal-query";
import { callOperation } from "@/lib/api/call";
import type { ApiAnswer, ApiBody } from "@/lib/api-registry/operations";

/*
 * The partner offers (issue 64) on /review/partner-offers, for editors and owners: the list, an
 * offer added or rewritten, an offer ended. Each change reads the list again.
 */

export type PartnerOffer = ApiAnswer<"listPartnerOffers">["offers"][number];
export type PartnerOfferFields = ApiBody<"updatePartnerOffer">["offer"];
export type PartnerOfferNew = ApiBody<"createPartnerOffer">["offer"];

export const partnerOfferKeys = { all: ["admin", "partner-offers"] as const };

/** GET /api/moderation/partner-offers. */
export const usePartnerOffers = () =>
  usePersonalQuery({ queryKey: partnerOfferKeys.all, operation: "listPartnerOffers" });

function usePartnerOfferChange<V>(send: (variables: V) => Promise<unknown>, said: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: partnerOfferKeys.all });
      toast.success(said);
    },
  });
}

/** POST /api/moderation/partner-offers. */
export const useCreatePartnerOffer = () =>
  usePartnerOfferChange(
    (offer: PartnerOfferNew) => callOperation("createPartnerOffer", { body: { offer } }),
    "Offer added: it is on the board now",
  );

/** PUT /api/moderation/partner-offers/{slug}. */
export const useUpdatePartnerOffer = () =>
  usePartnerOfferChange(
    ({ slug, offer }: { slug: string; offer: PartnerOfferFields }) =>
      callOperation("updatePartnerOffer", { params: { slug }, body: { offer } }),
    "Offer saved",
  );

/** POST /api/moderation/partner-offers/{slug}/end. */
export const useEndPartnerOffer = () =>
  usePartnerOfferChange(
    (slug: string) => callOperation("endPartnerOffer", { params: { slug } }),
    "Offer ended: it has left the board's pages",
  );
