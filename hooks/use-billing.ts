import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import toast from "react-hot-toast";
import { apiClient } from "@/lib/api-client";
import type { ApiAnswer, ApiBody } from "@/lib/api/operations";
import { useAuth } from "@/lib/auth/auth-context";
import { errorCode } from "@/lib/form-errors";

/* A company's billing (issue 45): who its invoices are made out to. */

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

export const billingKeys = { details: ["billing"] as const };

export function useBillingDetails() {
  const { token } = useAuth();
  return useQuery({
    queryKey: billingKeys.details,
    queryFn: async (): Promise<BillingAnswer> => {
      try {
        const { billing } = await apiClient.get<ApiAnswer<"getBillingDetails">>("/company/billing");
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
      apiClient.put<ApiAnswer<"updateBillingDetails">>("/company/billing", { billing }),
    onSuccess: ({ billing }) => {
      const answer: BillingAnswer = { state: "details", billing };
      queryClient.setQueryData(billingKeys.details, answer);
      toast.success("Your billing details are saved");
    },
  });
}
