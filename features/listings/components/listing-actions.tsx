import dynamic from "next/dynamic";
import { Link } from "@/components/ui/link";
import { useState, type ReactNode } from "react";
import { CreditChoice } from "@/features/billing/components/credit-choice";
import { Refusal } from "@/components/ui/refusal";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { secondaryButtonClass } from "@/components/ui/form-controls";
import { useCreditBalance } from "@/features/billing/hooks/use-credit-balance";
import {
  useListingAction,
  useRenewWithCoupon,
  useRenewWithCredit,
  type ListingAction,
} from "@/features/listings/hooks/use-listings";
import { CouponField } from "@/features/billing/components/coupon-field";
import { useCouponQuote } from "@/features/billing/hooks/use-coupon-quote";
import { hasFieldErrors } from "@/lib/error-toast";
import type { CouponQuote } from "@/features/billing/api-schemas";
import { serverMessage } from "@/lib/form-errors";
import { LISTING_ACTION_STATES, RENEWAL_WINDOW_DAYS } from "@/features/listings/management";
import {
  formatAmount,
  formatPlanPrice,
  paidPlansOnSale,
  planOf,
  upgradePrice,
  type Offer,
} from "@/features/billing/offer";
import { routes } from "@/lib/routes";
import type { OwnListing } from "@/features/listings/types";

// The upgrade's form loads when Upgrade is pressed.
const UpgradeDialog = dynamic(
  () =>
    import("@/features/listings/components/upgrade-dialog").then((module) => module.UpgradeDialog),
  { ssr: false },
);

/** What each action asks before it runs. */
function confirmation(
  action: ListingAction,
  listing: OwnListing,
  offer: Offer,
  spending: boolean,
  quote: CouponQuote | null,
) {
  const plan = planOf(offer, listing.plan);
  const paid = plan !== undefined && plan.price_minor > 0;
  // With a coupon code quoted (issue 63), what is left to pay.
  const price = quote
    ? formatAmount(quote.total_minor, quote.currency)
    : plan
      ? formatPlanPrice(offer, plan)
      : "";
  const texts: Record<ListingAction, { title: string; body: ReactNode; confirm: string }> = {
    fill: {
      title: "Mark this job filled?",
      body: (
        <p>
          “{listing.title}” leaves the board, the search and the sitemap at once. Its page stays up
          for those who saved it, saying the role is filled. This cannot be undone.
        </p>
      ),
      confirm: "Mark filled",
    },
    withdraw: {
      title: "Withdraw this listing?",
      body: (
        <p>
          {listing.state === "awaiting_payment" && !listing.published_at
            ? `The draft “${listing.title}” will not be published, and nothing is charged.`
            : `“${listing.title}” comes off the board at once${
                listing.state === "live" ? "" : " and will not be published"
              }.`}{" "}
          A withdrawn listing cannot be published again; post it anew if you change your mind.
        </p>
      ),
      confirm: "Withdraw listing",
    },
    renew: {
      title: "Renew this listing?",
      body: (
        <p>
          {plan
            ? `On the ${plan.name} plan: ${plan.days} more days on the board${
                listing.state === "live" ? " after its current end" : ", from today"
              }. `
            : ""}
          {spending
            ? `One of your ${plan?.name ?? ""} credits pays for it, and it runs on at once.`
            : paid
              ? `You pay ${price} again; it runs on once paid.`
              : "The free plan renews at no charge."}
        </p>
      ),
      confirm: paid ? `Renew and pay ${price}` : "Renew listing",
    },
  };
  return texts[action];
}

const PENDING: Record<ListingAction, string> = {
  fill: "Marking filled…",
  withdraw: "Withdrawing…",
  renew: "Renewing…",
};

/**
 * What an employer can do with one of their listings, as its state allows: edit it, mark it
 * filled, withdraw it, renew it at its end, upgrade a live Standard one (issue 45). Each change
 * asks first; renewing a paid plan offers one of the company's credits of it when one is left.
 */
export function ListingActions({ listing, offer }: { listing: OwnListing; offer: Offer }) {
  const act = useListingAction();
  const renewWithCredit = useRenewWithCredit();
  const [asking, setAsking] = useState<ListingAction | "upgrade" | null>(null);
  const [useCredit, setUseCredit] = useState(true);
  const plan = planOf(offer, listing.plan);
  const paid = plan !== undefined && plan.price_minor > 0;
  const upgrades = paidPlansOnSale(offer).filter(
    (each) => upgradePrice(offer, listing.plan, each.id) !== null,
  );
  const can = {
    edit: LISTING_ACTION_STATES.edit.includes(listing.state),
    fill: LISTING_ACTION_STATES.fill.includes(listing.state),
    withdraw: LISTING_ACTION_STATES.withdraw.includes(listing.state),
    renew: listing.renewable,
    upgrade: listing.state === "live" && upgrades.length > 0,
  };
  // Asked once for every row (one cache entry), and only where a credit could be spent.
  const { data: balance } = useCreditBalance((can.renew && paid) || can.upgrade);
  const creditsLeft = paid && balance ? (balance.by_plan[listing.plan] ?? 0) : 0;
  const spending = asking === "renew" && creditsLeft > 0 && useCredit;
  // A paid renewal no credit pays may take a coupon code (issue 63), quoted as it is typed.
  const renewCoupon = useRenewWithCoupon();
  const [coupon, setCoupon] = useState("");
  const couponOn = asking === "renew" && paid && !spending;
  const quoted = useCouponQuote(coupon, { kind: "plan", slug: listing.plan }, couponOn);
  if (!Object.values(can).some(Boolean)) return null;
  const withCoupon = couponOn && coupon.trim() !== "";
  const couponError =
    renewCoupon.isError && hasFieldErrors(renewCoupon.error)
      ? renewCoupon.error.errors.coupon?.[0]
      : undefined;
  const asked =
    asking && asking !== "upgrade"
      ? confirmation(asking, listing, offer, spending, couponOn ? quoted.quote : null)
      : null;
  const button = (action: ListingAction | "upgrade", label: string) => (
    <button
      type="button"
      className={secondaryButtonClass}
      onClick={() => {
        renewWithCredit.reset();
        renewCoupon.reset();
        setCoupon("");
        setUseCredit(true);
        setAsking(action);
      }}
    >
      {label}
      <span className="sr-only"> {listing.title}</span>
    </button>
  );

  return (
    <div className="mt-4 flex flex-wrap items-center gap-2 border-t border-gray-100 pt-4">
      {can.renew && button("renew", "Renew")}
      {can.upgrade && button("upgrade", "Upgrade")}
      {can.edit && (
        <Link href={routes.listingEdit(listing.id)} className={secondaryButtonClass}>
          Edit<span className="sr-only"> {listing.title}</span>
        </Link>
      )}
      {can.fill && button("fill", "Mark filled")}
      {can.withdraw && button("withdraw", "Withdraw")}
      {listing.state === "live" && !listing.renewable && (
        <p className="text-xs text-gray-500">
          Renewal opens {RENEWAL_WINDOW_DAYS} days before it ends.
        </p>
      )}
      {asking === "upgrade" && (
        <UpgradeDialog
          listing={listing}
          offer={offer}
          balance={balance}
          onClose={() => setAsking(null)}
        />
      )}
      {asking && asking !== "upgrade" && asked && (
        <ConfirmDialog
          open
          onClose={() => setAsking(null)}
          onConfirm={() => {
            if (spending) {
              renewWithCredit.mutate(
                { id: listing.id, title: listing.title },
                { onSuccess: () => setAsking(null) },
              );
            } else if (withCoupon) {
              renewCoupon.mutate(
                { id: listing.id, title: listing.title, coupon: coupon.trim() },
                { onSuccess: () => setAsking(null) },
              );
            } else {
              act.mutate(
                { id: listing.id, action: asking, title: listing.title },
                { onSettled: () => setAsking(null) },
              );
            }
          }}
          pending={act.isPending || renewWithCredit.isPending || renewCoupon.isPending}
          title={asked.title}
          confirmLabel={spending ? "Renew with a credit" : asked.confirm}
          pendingLabel={PENDING[asking]}
          cancelLabel="Cancel"
          tone={asking === "renew" ? "primary" : "danger"}
        >
          {asked.body}
          {couponOn && (
            <div className="mt-4 space-y-3">
              <CouponField
                name={`renew-coupon-${listing.id}`}
                value={coupon}
                onChange={(code) => {
                  setCoupon(code);
                  renewCoupon.reset();
                }}
                quoted={quoted}
                error={couponError}
              />
              <Refusal
                message={
                  renewCoupon.isError && !couponError
                    ? serverMessage(renewCoupon.error, "It was not renewed. Please try again.")
                    : null
                }
              />
            </div>
          )}
          {asking === "renew" && creditsLeft > 0 && plan && (
            <div className="mt-4 space-y-3">
              <CreditChoice
                name={`renew-payment-${listing.id}`}
                left={creditsLeft}
                price={formatPlanPrice(offer, plan)}
                useCredit={useCredit}
                onChange={setUseCredit}
              />
              <Refusal
                message={
                  renewWithCredit.isError
                    ? serverMessage(renewWithCredit.error, "It was not renewed. Please try again.")
                    : null
                }
              />
            </div>
          )}
        </ConfirmDialog>
      )}
    </div>
  );
}
