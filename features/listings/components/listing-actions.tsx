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
  useRenewWithCredit,
  type ListingAction,
} from "@/features/listings/hooks/use-listings";
import { serverMessage } from "@/lib/form-errors";
import { LISTING_ACTION_STATES, RENEWAL_WINDOW_DAYS } from "@/features/listings/management";
import {
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
function confirmation(action: ListingAction, listing: OwnListing, offer: Offer, spending: boolean) {
  const plan = planOf(offer, listing.plan);
  const paid = plan !== undefined && plan.price_minor > 0;
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
              ? `You pay ${formatPlanPrice(offer, plan)} again; it runs on once paid.`
              : "The free plan renews at no charge."}
        </p>
      ),
      confirm: paid ? `Renew and pay ${formatPlanPrice(offer, plan)}` : "Renew listing",
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
  if (!Object.values(can).some(Boolean)) return null;
  const creditsLeft = paid && balance ? (balance.by_plan[listing.plan] ?? 0) : 0;
  const spending = asking === "renew" && creditsLeft > 0 && useCredit;
  const asked =
    asking && asking !== "upgrade" ? confirmation(asking, listing, offer, spending) : null;
  const button = (action: ListingAction | "upgrade", label: string) => (
    <button
      type="button"
      className={secondaryButtonClass}
      onClick={() => {
        renewWithCredit.reset();
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
          onConfirm={() =>
            spending
              ? renewWithCredit.mutate(
                  { id: listing.id, title: listing.title },
                  { onSuccess: () => setAsking(null) },
                )
              : act.mutate(
                  { id: listing.id, action: asking, title: listing.title },
                  { onSettled: () => setAsking(null) },
                )
          }
          pending={act.isPending || renewWithCredit.isPending}
          title={asked.title}
          confirmLabel={spending ? "Renew with a credit" : asked.confirm}
          pendingLabel={PENDING[asking]}
          cancelLabel="Cancel"
          tone={asking === "renew" ? "primary" : "danger"}
        >
          {asked.body}
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
