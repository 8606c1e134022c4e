import { useEffect, useState } from "react";
import { callOperation } from "@/lib/api/call";
import type { ApiAnswer } from "@/lib/api-registry/operations";
import { useAuth } from "@/lib/auth/auth-context";
import { errorCode } from "@/lib/form-errors";

/*
 * The company's listing credits of each paid plan (issue 45), for the choices that spend one:
 * /submit and a listing's renewal or upgrade. A module of its own, so those pages load none of
 * the billing screen's hooks; /submit uses this one, which loads no query observer.
 */

export type CreditBalance = ApiAnswer<"getCreditBalance">["credits"];

export const creditKeys = { balance: ["billing", "credits"] as const };

/**
 * GET /api/company/credits: recruiter and up; someone in no company has none. Null for a role
 * that may not spend them (403), which is an answer, not a failure to toast.
 */
export async function readBalance(): Promise<CreditBalance | null> {
  try {
    return (await callOperation("getCreditBalance")).credits;
  } catch (error) {
    if (errorCode(error) === "forbidden" || errorCode(error) === "not_found") return null;
    throw error;
  }
}

/**
 * The same for /submit, whose page loads no query observer (TanStack Query's, some 5 kB): read
 * once when `enabled`, and again on `refetch` (after a credit was spent meanwhile).
 */
export function useCreditBalanceOnce(enabled: boolean) {
  const { token } = useAuth();
  const [data, setData] = useState<CreditBalance | null>(null);
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    if (!token || !enabled) return;
    let current = true;
    // Not knowing the balance, the form offers no credit: the listing is paid for.
    readBalance().then(
      (balance) => current && setData(balance),
      () => current && setData(null),
    );
    return () => {
      current = false;
    };
  }, [token, enabled, asked]);
  return { data, refetch: () => setAsked((count) => count + 1) };
}
