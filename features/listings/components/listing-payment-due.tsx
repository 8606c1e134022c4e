import { primaryButtonClass } from "@/components/ui/form-controls";
import { formatPlanPrice, planOf, type Offer } from "@/features/billing/offer";
import { usePayForListing } from "@/features/listings/hooks/use-listings";
import type { OwnListing } from "@/features/listings/types";

/**
 * A listing waiting for its card payment, on /listings: a held draft (issue 63: submitted, its
 * checkout opened and not paid) says so and is finished from here; a renewal waiting for its
 * payment is paid from here. Either opens a new Stripe Checkout. Nothing for any other listing.
 */
export function ListingPaymentDue({ listing, offer }: { listing: OwnListing; offer: Offer }) {
  const pay = usePayForListing();
  if (listing.payment_status !== "awaiting_payment") return null;
  const plan = planOf(offer, listing.plan);
  const price = plan ? formatPlanPrice(offer, plan) : "";
  const draft = !listing.published_at;
  const button = (
    <button
      type="button"
      className={primaryButtonClass}
      aria-disabled={pay.isPending}
      onClick={() => !pay.isPending && pay.mutate(listing.id)}
    >
      {pay.isPending ? "Opening payment…" : draft ? `Finish and pay ${price}` : `Pay ${price}`}
      <span className="sr-only"> for {listing.title}</span>
    </button>
  );
  if (!draft) {
    return (
      <div className="mt-3 flex flex-wrap items-center gap-3">
        {button}
        <p className="text-sm text-gray-600">It runs on once paid.</p>
      </div>
    );
  }
  return (
    <div className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
      <p>
        <span className="font-medium">Draft: not paid yet.</span> It goes to review once paid.
      </p>
      <p className="mt-1">
        {plan ? `${plan.name} plan: ${price}. ` : ""}Withdraw it if you no longer need it.
      </p>
      <div className="mt-3">{button}</div>
    </div>
  );
}
