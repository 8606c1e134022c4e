import { Radio, RadioGroup } from "@headlessui/react";
import { CheckCircleIcon } from "@heroicons/react/20/solid";
import {
  formatPlanPrice,
  plansOnSale,
  type ListingPlanId,
  type Offer,
} from "@/features/billing/offer";

/** Cards per row from a small screen up: the plans on one row, up to four. */
const PLAN_COLUMNS = ["sm:grid-cols-1", "sm:grid-cols-2", "sm:grid-cols-3", "sm:grid-cols-4"];

/**
 * The listing plans as radio cards: price, days and what sets each apart. Each card is a div
 * (Headless UI's Radio is a span unless told, and a span may not hold blocks), named by what it
 * says; Headless UI's Label and Description would name and describe the group with every
 * plan's words instead of the group's own label.
 */
export function PlanPicker({
  offer,
  value,
  onChange,
  error,
}: {
  offer: Offer;
  value: ListingPlanId;
  onChange: (plan: ListingPlanId) => void;
  error?: string;
}) {
  const plans = plansOnSale(offer);
  return (
    <div>
      <RadioGroup
        value={value}
        onChange={onChange}
        aria-label="Listing plan"
        className={`grid gap-3 ${PLAN_COLUMNS[Math.min(Math.max(plans.length, 1), 4) - 1]}`}
      >
        {plans.map((plan) => (
          <Radio
            as="div"
            key={plan.id}
            value={plan.id}
            className="group relative flex cursor-pointer flex-col rounded-xl bg-white p-4 ring-1 ring-gray-300 data-checked:ring-2 data-checked:ring-violet-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600"
          >
            <div className="flex items-start justify-between gap-2">
              <span className="text-sm font-semibold text-gray-900">{plan.name}</span>
              <CheckCircleIcon
                aria-hidden="true"
                className="size-5 text-violet-600 opacity-0 group-data-checked:opacity-100"
              />
            </div>
            <span className="mt-1 text-lg font-bold text-gray-900">
              {formatPlanPrice(offer, plan)}
              <span className="text-sm font-normal text-gray-500"> · {plan.days} days</span>
            </span>
            <p className="mt-1 text-sm text-gray-600">{plan.summary}</p>
          </Radio>
        ))}
      </RadioGroup>
      {error && <p className="mt-2 text-sm font-medium text-red-700">{error}</p>}
    </div>
  );
}
