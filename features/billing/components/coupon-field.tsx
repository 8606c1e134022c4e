import { TextField } from "@/components/ui/form-controls";
import type { CouponQuote } from "@/features/billing/api-schemas";
import { formatAmount } from "@/features/billing/offer";

/**
 * A coupon code typed at an order (issue 63), with what it takes off said live under it, before
 * tax, or why it does not apply: `quoted`, its order's `useCouponQuote`. `error`, the order's
 * own refusal of the code when it was sent, comes first.
 */
export function CouponField({
  name,
  value,
  onChange,
  quoted,
  error,
  hint = "Optional: its discount is taken off what you pay, before tax.",
}: {
  name: string;
  value: string;
  onChange: (code: string) => void;
  quoted: { quote: CouponQuote | null; refusal: string | null };
  error?: string;
  hint?: string;
}) {
  const { quote, refusal } = quoted;
  return (
    <div>
      <TextField
        label="Coupon code"
        hint={hint}
        name={name}
        autoComplete="off"
        value={value}
        error={error ?? refusal ?? undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      <p aria-live="polite" className="mt-1 text-sm text-emerald-800">
        {quote && !error
          ? `${quote.description}: −${formatAmount(quote.discount_minor, quote.currency)}. You pay ${formatAmount(quote.total_minor, quote.currency)} before tax.`
          : ""}
      </p>
    </div>
  );
}
