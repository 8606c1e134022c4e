import { useQuery } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";
import type { ApiAnswer } from "@/lib/api/operations";
import { useAuth } from "@/lib/auth/auth-context";
import { errorCode } from "@/lib/form-errors";

/*
 * The company's listing credits of each paid plan (issue 45), for the choices that spend one:
 * /submit and a listing's renewal or upgrade. A module of its own, so those pages load none of
 * the billing screen's hooks.
 */

export type CreditBalance = ApiAnswer<"getCreditBalance">["credits"];

export const creditKeys = { balance: ["billing", "credits"] as const };

/**
 * GET /api/company/credits: recruiter and up; someone in no company has none. Null for a role
 * that may not spend them (403), which is an answer, not a failure to toast. Asked only where a
 * choice needs it (`enabled`).
 */
export function useCreditBalance(enabled: boolean) {
  const { token } = useAuth();
  return useQuery({
    queryKey: creditKeys.balance,
    queryFn: async (): Promise<CreditBalance | null> => {
      try {
        return (await apiClient.get<ApiAnswer<"getCreditBalance">>("/company/credits")).credits;
      } catch (error) {
        if (errorCode(error) === "forbidden" || errorCode(error) === "not_found") return null;
        throw error;
      }
    },
    enabled: Boolean(token) && enabled,
  });
}
