import { useState } from "react";
import { CreditChoice } from "@/features/billing/components/credit-choice";
import { Refusal } from "@/components/ui/refusal";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import type { CreditBalance } from "@/features/billing/hooks/use-credit-balance";
import { useUpgradeListing } from "@/features/listings/hooks/use-listings";
import { formatDate } from "@/lib/format";
import { serverMessage } from "@/lib/form-errors";
import { hasFieldErrors } from "@/lib/error-toast";
import { TextField } from "@/components/ui/form-controls";
import type { OwnListing } from "@/features/listings/types";
import {
  formatPrice,
  paidPlansOnSale,
  planOf,
  upgradePrice,
  type Offer,
  type PaidPlanId,
} from "@/features/billing/offer";

const radioClass =
  "size-4 shrink-0 accent-violet-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600";

/**
 * Moves a live listing to a dearer plan on sale for the rest of its time (issue 45): the plan,
 * what it costs on top of the listing's own, and one of the company's credits of that plan instead
 * when one is left. Paying goes on to Stripe's payment page, or an invoice when the company pays
 * by bank transfer. A refusal (no credit left, no longer live) is said in the dialog.
 */
export function UpgradeDialog({
  listing,
  offer,
  balance,
  onClose,
}: {
  listing: OwnListing;
  offer: Offer;
  /** The company's credits; null or undefined when unknown (it then pays). */
  balance: CreditBalance | null | undefined;
  onClose: () => void;
}) {
  const upgrade = useUpgradeListing();
  const plans = paidPlansOnSale(offer).filter(
    (each) => upgradePrice(offer, listing.plan, each.id) !== null,
  );
  const [plan, setPlan] = useState<PaidPlanId>(plans[0]?.id ?? "");
  const [useCredit, setUseCredit] = useState(true);
  const [coupon, setCoupon] = useState("");
  const left = balance?.by_plan[plan] ?? 0;
  const spending = left > 0 && useCredit;
  const costOf = (id: string) =>
    formatPrice(upgradePrice(offer, listing.plan, id) ?? 0, offer.currency);
  const price = costOf(plan);
  const current = planOf(offer, listing.plan)?.name ?? listing.plan;
  const couponError =
    upgrade.isError && hasFieldErrors(upgrade.error) ? upgrade.error.errors.coupon?.[0] : undefined;

  return (
    <ConfirmDialog
      open
      onClose={onClose}
      onConfirm={() =>
        upgrade.mutate(
          {
            id: listing.id,
            title: listing.title,
            plan,
            planName: planOf(offer, plan)?.name ?? plan,
            ...(left > 0 ? { use_credit: useCredit } : {}),
            // A credit pays for it all: no coupon with it (issue 63).
            ...(!spending && coupon.trim() ? { coupon: coupon.trim() } : {}),
          },
          { onSuccess: onClose },
        )
      }
      pending={upgrade.isPending}
      title={`Upgrade “${listing.title}”?`}
      confirmLabel={spending ? "Upgrade with a credit" : `Upgrade and pay ${price}`}
      pendingLabel="Upgrading…"
      cancelLabel="Cancel"
      tone="primary"
    >
      <p>
        On the new plan for the rest of its time
        {listing.expires_at ? ` (until ${formatDate(listing.expires_at)})` : ""}. You pay the
        difference from {current}.
      </p>
      <div className="mt-4 space-y-4">
        <fieldset>
          <legend className="text-sm font-medium text-gray-900">New plan</legend>
          <div className="mt-2 grid gap-2">
            {plans.map(({ id, name }) => (
              <label
                key={id}
                className="flex cursor-pointer items-center gap-3 rounded-lg bg-white p-3 text-sm font-medium text-gray-900 ring-1 ring-gray-300 has-checked:ring-2 has-checked:ring-violet-600"
              >
                <input
                  type="radio"
                  name={`upgrade-plan-${listing.id}`}
                  value={id}
                  checked={plan === id}
                  onChange={() => {
                    setPlan(id);
                    upgrade.reset();
                  }}
                  className={radioClass}
                />
                {name} ({costOf(id)})
              </label>
            ))}
          </div>
        </fieldset>
        {left > 0 && (
          <CreditChoice
            name={`upgrade-payment-${listing.id}`}
            left={left}
            price={price}
            useCredit={useCredit}
            onChange={setUseCredit}
          />
        )}
        {!spending && (
          <TextField
            label="Coupon code"
            hint="Optional: its discount is taken off what you pay."
            name="coupon"
            autoComplete="off"
            value={coupon}
            error={couponError}
            onChange={(event) => {
              setCoupon(event.target.value);
              upgrade.reset();
            }}
          />
        )}
        <Refusal
          message={
            upgrade.isError && !couponError
              ? serverMessage(upgrade.error, "It was not upgraded. Please try again.")
              : null
          }
        />
      </div>
    </ConfirmDialog>
  );
}
