import { Label, Radio, RadioGroup, Description } from "@headlessui/react";
import { CheckCircleIcon } from "@heroicons/react/20/solid";
import { formatPlanPrice, LISTING_PLANS, type ListingPlanId } from "@/lib/pricing";

/** The listing plans as radio cards: price, days and what sets each apart. */
export function PlanPicker({
  value,
  onChange,
  error,
}: {
  value: ListingPlanId;
  onChange: (plan: ListingPlanId) => void;
  error?: string;
}) {
  return (
    <div>
      <RadioGroup
        value={value}
        onChange={onChange}
        aria-label="Listing plan"
        className="grid gap-3 sm:grid-cols-3"
      >
        {LISTING_PLANS.map((plan) => (
          <Radio
            key={plan.id}
            value={plan.id}
            className="group relative flex cursor-pointer flex-col rounded-xl bg-white p-4 ring-1 ring-gray-300 data-checked:ring-2 data-checked:ring-violet-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600"
          >
            <span className="flex items-start justify-between gap-2">
              <Label className="text-sm font-semibold text-gray-900">{plan.name}</Label>
              <CheckCircleIcon
                aria-hidden="true"
                className="size-5 text-violet-600 opacity-0 group-data-checked:opacity-100"
              />
            </span>
            <span className="mt-1 text-lg font-bold text-gray-900">
              {formatPlanPrice(plan.price)}
              <span className="text-sm font-normal text-gray-500"> · {plan.days} days</span>
            </span>
            <Description className="mt-1 text-sm text-gray-600">{plan.summary}</Description>
          </Radio>
        ))}
      </RadioGroup>
      {error && <p className="mt-2 text-sm font-medium text-red-700">{error}</p>}
    </div>
  );
}
