import { useMutation, useQueryClient } from "@tanstack/react-query";
import toast from "react-hot-toast";
import { usePersonalQuery } from "@/hooks/use-personal-query";
import { apiClient } from "@/lib/api-client";
import type { ModerationDecision } from "@/lib/schemas/moderation";
import type { ApiAnswer } from "@/lib/api/operations";
import type { OwnListing } from "@/lib/submission-types";

export const listingKeys = {
  own: ["submissions"] as const,
  queue: ["admin", "submissions"] as const,
};

/** The signed-in employer's listings and where each stands. */
export function useOwnListings() {
  return usePersonalQuery<ApiAnswer<"listOwnListings">, OwnListing[]>({
    queryKey: listingKeys.own,
    path: "/submissions",
    select: (data) => data.listings,
  });
}

/** Opens a new Stripe Checkout for a listing awaiting payment, and goes there. */
export function usePayForListing() {
  return useMutation({
    mutationFn: (id: number) =>
      apiClient.post<ApiAnswer<"payForListing">>(`/submissions/${id}/checkout`),
    onSuccess: ({ checkout_url }) => window.location.assign(checkout_url),
  });
}

/** The moderators' queue; asked for only by someone the server says moderates. */
export function useReviewQueue(enabled: boolean) {
  return usePersonalQuery<ApiAnswer<"getReviewQueue">>({
    queryKey: listingKeys.queue,
    path: "/admin/submissions",
    enabled,
  });
}

const DONE: Record<ModerationDecision["decision"], string> = {
  approve: "Published",
  reject: "Not approved",
  mark_paid: "Marked paid",
};

/** A moderator's decision on a listing; the queue is read again afterwards. */
export function useDecideListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, title, ...decision }: ModerationDecision & { id: number; title: string }) =>
      apiClient.post<ApiAnswer<"decideListing">>(`/admin/submissions/${id}`, decision),
    onSuccess: (_, { decision, title }) => {
      toast.success(`${DONE[decision]}: ${title}`);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: listingKeys.queue }),
  });
}
