import { useQuery } from "@tanstack/react-query";
import { useAuth } from "@/lib/auth/auth-context";
import { creditKeys, readBalance } from "./use-credit-balance-once";

export { creditKeys, type CreditBalance } from "./use-credit-balance-once";

/** The balance, shared with the Billing page's cache; asked only where a choice needs it. */
export function useCreditBalance(enabled: boolean) {
  const { token } = useAuth();
  return useQuery({
    queryKey: creditKeys.balance,
    queryFn: readBalance,
    enabled: Boolean(token) && enabled,
  });
}
