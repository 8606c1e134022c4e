import { useState } from "react";
import dynamic from "next/dynamic";
import { RegionCard } from "@/components/ui/region-card";
import { Button } from "@/components/ui/button";
import { formatDate } from "@/lib/format";
import { serverMessage } from "@/lib/form-errors";
import { subscriptionGives, subscriptionPrice, type Offer } from "@/features/billing/offer";
import {
  useCancelSubscription,
  useSubscribe,
  useSubscription,
  useSubscriptionPortal,
  type CompanySubscription,
} from "@/features/billing/hooks/use-subscription";

// Headless UI's dialog loads only when someone asks to cancel.
const ConfirmDialog = dynamic(
  () => import("@/components/ui/confirm-dialog").then((module) => module.ConfirmDialog),
  { ssr: false },
);

const STATUS_LABELS: Record<CompanySubscription["status"], string> = {
  active: "Active",
  past_due: "Payment failed: we try again",
  canceled: "Ended",
};

function Current({ subscription, offer }: { subscription: CompanySubscription; offer: Offer }) {
  const cancel = useCancelSubscription();
  const portal = useSubscriptionPortal();
  const [asking, setAsking] = useState(false);
  const live = subscription.status !== "canceled";
  const credits = subscription.period_credits;
  return (
    <div className="space-y-2 text-sm text-gray-700">
      <p className="text-base font-semibold text-gray-900">
        {subscription.plan.name} · {subscriptionPrice(subscription.plan, offer)}
      </p>
      <p>{subscriptionGives(subscription.plan, offer)}.</p>
      <dl className="grid gap-x-6 gap-y-1 sm:grid-cols-[auto_1fr]">
        <dt className="font-medium">Status</dt>
        <dd>
          {STATUS_LABELS[subscription.status]}
          {live && subscription.cancel_at_period_end
            ? `, ends ${formatDate(subscription.current_period_end)}`
            : ""}
        </dd>
        <dt className="font-medium">This period</dt>
        <dd>
          {formatDate(subscription.current_period_start)} –{" "}
          {formatDate(subscription.current_period_end)}
        </dd>
        <dt className="font-medium">Listings this period</dt>
        <dd>
          {credits.left} of {credits.given} left ({credits.spent} used)
        </dd>
      </dl>
      {live && (
        <div className="flex flex-wrap gap-3 pt-2">
          {subscription.pays_by === "card" && (
            <Button variant="secondary" busy={portal.isPending} onClick={() => portal.mutate()}>
              Change card or cancel on Stripe
            </Button>
          )}
          {!subscription.cancel_at_period_end && (
            <Button variant="secondary" onClick={() => setAsking(true)}>
              Cancel at the period&apos;s end
            </Button>
          )}
        </div>
      )}
      {cancel.isError && (
        <p role="alert" className="text-red-700">
          {serverMessage(cancel.error, "The subscription was not canceled. Please try again.")}
        </p>
      )}
      {asking && (
        <ConfirmDialog
          open
          onClose={() => setAsking(false)}
          onConfirm={() => cancel.mutate(subscription.id, { onSettled: () => setAsking(false) })}
          pending={cancel.isPending}
          title="Cancel the subscription?"
          confirmLabel="Cancel at the period's end"
          pendingLabel="Canceling…"
          cancelLabel="Keep it"
          tone="danger"
        >
          <p>
            It ends on {formatDate(subscription.current_period_end)}: nothing more is charged, and
            the listings it gave stay until they expire.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}

/**
 * The company's subscription (issue 63) on the Billing page: its plan, what it gives and what is
 * left this period; the plans on sale, to subscribe or change to.
 */
export function SubscriptionPanel({ offer }: { offer: Offer }) {
  const { data } = useSubscription();
  const subscription = data?.subscription ?? null;
  const live = subscription && subscription.status !== "canceled" ? subscription : null;
  const subscribe = useSubscribe(live !== null);
  const [pressed, setPressed] = useState<string | null>(null);
  if (!data || (data.plans.length === 0 && !subscription)) return null;
  const choices = data.plans.filter(
    (plan) => !live || (plan.id !== live.plan.id && plan.interval === live.plan.interval),
  );
  return (
    <RegionCard
      id="subscription"
      title="Subscription"
      lead="A number of listings each month or year, for less than one by one."
    >
      {subscription && <Current subscription={subscription} offer={offer} />}
      {choices.length > 0 && (
        <ul role="list" className="grid gap-4 sm:grid-cols-2">
          {choices.map((plan) => (
            <li key={plan.id} className="rounded-lg border border-gray-200 p-4 text-sm">
              <p className="font-semibold text-gray-900">{plan.name}</p>
              <p className="text-gray-700">
                {subscriptionPrice(plan, offer)}, plus tax where it applies
              </p>
              <p className="mb-3 text-gray-600">{subscriptionGives(plan, offer)}.</p>
              <Button
                busy={subscribe.isPending && pressed === plan.id}
                onClick={() => {
                  setPressed(plan.id);
                  subscribe.mutate(plan.id);
                }}
              >
                {live ? "Change to this plan" : "Subscribe"}
                <span className="sr-only"> {plan.name}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      {subscribe.isError && (
        <p role="alert" className="text-sm text-red-700">
          {serverMessage(subscribe.error, "That did not work. Please try again.")}
        </p>
      )}
    </RegionCard>
  );
}
