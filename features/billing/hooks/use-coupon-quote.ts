import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { CouponQuote } from "@/features/billing/api-schemas";
import { callOperation } from "@/lib/api/call";
import { useAuth } from "@/lib/auth/auth-context";
import { hasFieldErrors } from "@/lib/error-toast";

/** What a coupon code is typed for: a plan's listing (or renewal), a pack or a subscription plan, by slug. */
export type CouponProduct = { kind: "plan" | "pack" | "subscription"; slug: string };

/** How long typing pauses before a code is quoted. */
const QUOTE_PAUSE_MS = 400;

/**
 * The live quote of a code typed at an order (issue 63: `POST /api/company/coupon-quote`), once
 * typing pauses: its discount and the new total, or why it does not apply (`refusal`). Asked
 * only for someone signed in, and only while `enabled` (a paid order, no credit spent).
 */
export function useCouponQuote(code: string, product: CouponProduct, enabled: boolean) {
  const { token } = useAuth();
  const typed = code.trim();
  const [settled, setSettled] = useState(typed);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(typed), QUOTE_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const query = useQuery<CouponQuote>({
    queryKey: ["coupon-quote", settled.toUpperCase(), product.kind, product.slug],
    queryFn: () => callOperation("quoteCoupon", { body: { code: settled, product } }),
    enabled: Boolean(token) && enabled && settled !== "" && settled === typed,
    retry: false,
    staleTime: 60_000,
  });
  const current = enabled && typed !== "" && settled === typed;
  const refusal =
    current && query.isError && hasFieldErrors(query.error)
      ? (query.error.errors.coupon?.[0] ?? query.error.errors.code?.[0] ?? null)
      : null;
  return { quote: current && query.data ? query.data : null, refusal };
}
