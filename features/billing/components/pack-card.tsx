import type { ReactNode } from "react";
import { formatPrice, packSaving, type ListingPack, type Offer } from "@/features/billing/offer";

/** "$166 per listing": a pack's price shared by its listings, to the whole unit. */
function perListing(pack: ListingPack, currency: string) {
  const digits =
    new Intl.NumberFormat("en-US", { style: "currency", currency }).resolvedOptions()
      .maximumFractionDigits ?? 2;
  const unit = 10 ** digits;
  return `${formatPrice(Math.round(pack.price_minor / pack.listings / unit) * unit, currency)} per listing`;
}

/**
 * One pack of listings (issue 45), as an item of a list: its price, what each listing comes to,
 * what it saves, how long its credits last, and `children`: how to buy it (a link on /pricing, a
 * button on /listings/billing).
 */
export function PackCard({
  offer,
  pack,
  children,
}: {
  offer: Offer;
  pack: ListingPack;
  children: ReactNode;
}) {
  const saving = packSaving(offer, pack);
  return (
    <li className="flex flex-col rounded-2xl bg-white p-6 ring-1 ring-gray-200">
      <h3 className="text-base font-semibold text-gray-900">{pack.name}</h3>
      <p className="mt-3 flex flex-wrap items-baseline gap-x-2">
        <span className="text-3xl font-bold tracking-tight text-gray-900">
          {formatPrice(pack.price_minor, offer.currency)}
        </span>
        <span className="text-sm text-gray-600">{perListing(pack, offer.currency)}</span>
      </p>
      {saving > 0 && (
        <p className="mt-3">
          <span className="rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-600/20 ring-inset">
            Save {saving}%
          </span>
        </p>
      )}
      <p className="mt-3 text-sm text-gray-600">Credits last {pack.credit_months} months</p>
      <div className="mt-auto pt-5">{children}</div>
    </li>
  );
}
