import { useEffect, useState } from "react";
import { callOperation } from "@/lib/api/call";
import type { ApiAnswer } from "@/lib/api-registry/operations";
import { useAuth } from "@/lib/auth/auth-context";

export type OwnCompany = ApiAnswer<"getOwnCompany">["company"];

/**
 * GET /api/company once someone is signed in, for /submit (issue 61: a returning employer typed
 * their company again), without a query observer, as useCreditBalanceOnce. Null for someone in
 * no company (404) or when it cannot be read: the form is left as it is.
 */
export function useOwnCompanyOnce(): OwnCompany | null {
  const { token } = useAuth();
  const [company, setCompany] = useState<OwnCompany | null>(null);
  useEffect(() => {
    if (!token) return;
    let current = true;
    callOperation("getOwnCompany").then(
      (answer) => current && setCompany(answer.company),
      () => current && setCompany(null),
    );
    return () => {
      current = false;
    };
  }, [token]);
  return company;
}
