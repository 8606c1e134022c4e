import type { ReactNode } from "react";
import {
  CREDIT_MONTHS,
  formatPlanPrice,
  packSaving,
  type ListingPack,
} from "@/features/billing/pricing";

/** "$166 per listing": a pack's price shared by its listings, to the dollar. */
const perListing = (pack: ListingPack) =>
  `${formatPlanPrice(Math.round(pack.price / pack.listings))} per listing`;

/**
 * One pack of listings (issue 45), as an item of a list: its price, what each listing comes to,
 * what it saves, how long its credits last, and `children`: how to buy it (a link on /pricing, a
 * button on /listings/billing).
 */
export function PackCard({ pack, children }: { pack: ListingPack; children: ReactNode }) {
  return (
    <li className="flex flex-col rounded-2xl bg-white p-6 ring-1 ring-gray-200">
      <h3 className="text-base font-semibold text-gray-900">{pack.name}</h3>
      <p className="mt-3 flex flex-wrap items-baseline gap-x-2">
        <span className="text-3xl font-bold tracking-tight text-gray-900">
          {formatPlanPrice(pack.price)}
        </span>
        <span className="text-sm text-gray-600">{perListing(pack)}</span>
      </p>
      <p className="mt-3">
        <span className="rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-600/20 ring-inset">
          Save {packSaving(pack)}%
        </span>
      </p>
      <p className="mt-3 text-sm text-gray-600">Credits last {CREDIT_MONTHS} months</p>
      <div className="mt-auto pt-5">{children}</div>
    </li>
  );
}
