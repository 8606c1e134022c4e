import { useState } from "react";
import dynamic from "next/dynamic";
import { RegionCard } from "@/components/ui/region-card";
import { Button } from "@/components/ui/button";
import { formatDate } from "@/lib/format";
import { serverMessage } from "@/lib/form-errors";
import { hasFieldErrors } from "@/lib/error-toast";
import { formatMoney } from "@/features/billing/documents";
import {
  formatAmount,
  subscriptionGives,
  subscriptionPrice,
  type Offer,
} from "@/features/billing/offer";
import { periodDays, prorationMinor } from "@/features/billing/proration";
import type { CouponQuote } from "@/features/billing/api-schemas";
import { CouponField } from "@/features/billing/components/coupon-field";
import { useCouponQuote } from "@/features/billing/hooks/use-coupon-quote";
import {
  useCancelSubscription,
  useSubscribe,
  useSubscription,
  useSubscriptionPortal,
  type CompanySubscription,
  type SubscriptionPlan,
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

/** On invoice, past due: the invoice to pay and the day the subscription ends without it. */
function PastDue({ pastDue }: { pastDue: NonNullable<CompanySubscription["past_due"]> }) {
  return (
    <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-900">
      Invoice {pastDue.invoice_number} of {formatMoney(pastDue.amount_minor, pastDue.currency)} was
      due on {formatDate(pastDue.due_at)} and is not paid. Pay it by {formatDate(pastDue.ends_at)}{" "}
      or the subscription ends then: no next period and no more listings. Its listings wait for the
      payment.
    </p>
  );
}

/** What changing to `plan` does, and when; for a new interval, about what is due now. */
function changeHint(live: CompanySubscription, plan: SubscriptionPlan, offer: Offer): string {
  const current = live.plan;
  const end = formatDate(live.current_period_end);
  if (plan.interval === current.interval) {
    return plan.price_minor < current.price_minor
      ? `From your next period, on ${end}; this one is not refunded.`
      : "At once: the rest of this period is invoiced, prorated by the day.";
  }
  const start = new Date(live.current_period_start);
  const stop = new Date(live.current_period_end);
  const { days } = periodDays(start, stop, start);
  const { left } = periodDays(start, stop, new Date());
  const due = plan.price_minor - prorationMinor(current.price_minor, days, left);
  const amount = formatMoney(Math.abs(due), offer.currency);
  return `At once: a new ${plan.interval} starts today, and the ${left} unused days of this period are credited. ${
    due >= 0 ? `About ${amount} due now` : `About ${amount} credited to you`
  }, before tax.`;
}

/** What a subscription's coupon takes off, and until when (issue 63). */
function couponLasts(coupon: NonNullable<CompanySubscription["coupon"]>) {
  if (coupon.ends_at === null) return `${coupon.description}, on every period`;
  if (coupon.duration === "once") return `${coupon.description}, on the first period only`;
  return `${coupon.description}, on each period that begins before ${formatDate(coupon.ends_at)}`;
}

/** How long a quoted coupon lasts on a plan billed every `interval`. */
function quotedLasts(quote: CouponQuote, interval: SubscriptionPlan["interval"]) {
  if (quote.duration === "forever") return `every ${interval}`;
  if (quote.duration === "once") return `the first ${interval} only`;
  const months = quote.duration_in_months ?? 1;
  return interval === "year"
    ? `each year begun within ${months} month${months === 1 ? "" : "s"}`
    : `the first ${months} month${months === 1 ? "" : "s"}`;
}

/** A plan on sale: what it costs and gives, what the typed coupon takes off it, and its button. */
function PlanChoice({
  plan,
  offer,
  code,
  quoting,
  hint,
  children,
}: {
  plan: SubscriptionPlan;
  offer: Offer;
  code: string;
  quoting: boolean;
  /** For a running subscription: what changing to it does, and when. */
  hint: string | null;
  children: React.ReactNode;
}) {
  const { quote, refusal } = useCouponQuote(code, { kind: "subscription", slug: plan.id }, quoting);
  return (
    <li className="rounded-lg border border-gray-200 p-4 text-sm">
      <p className="font-semibold text-gray-900">{plan.name}</p>
      <p className="text-gray-700">{subscriptionPrice(plan, offer)}, plus tax where it applies</p>
      <p className="text-gray-600">{subscriptionGives(plan, offer)}.</p>
      {hint && <p className="mt-1 text-gray-600">{hint}</p>}
      <p aria-live="polite" className="mt-1 text-emerald-800 empty:hidden">
        {quote
          ? `With ${quote.code}: ${formatAmount(quote.total_minor, quote.currency)} before tax (−${formatAmount(quote.discount_minor, quote.currency)}), ${quotedLasts(quote, plan.interval)}.`
          : refusal
            ? `${code.trim().toUpperCase()}: ${refusal}.`
            : ""}
      </p>
      <div className="mt-3">{children}</div>
    </li>
  );
}

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
          {subscription.status === "past_due" && subscription.pays_by === "transfer"
            ? " (its invoice is unpaid)"
            : ""}
          {live && subscription.cancel_at_period_end
            ? `, ends ${formatDate(subscription.current_period_end)}`
            : ""}
          {live && subscription.next_plan
            ? `; changes to ${subscription.next_plan} on ${formatDate(subscription.current_period_end)}`
            : ""}
        </dd>
        <dt className="font-medium">This period</dt>
        <dd>
          {formatDate(subscription.current_period_start)} –{" "}
          {formatDate(subscription.current_period_end)}
        </dd>
        {subscription.coupon && (
          <>
            <dt className="font-medium">Coupon</dt>
            <dd>{couponLasts(subscription.coupon)}</dd>
          </>
        )}
        <dt className="font-medium">Listings this period</dt>
        <dd>
          {credits.left} of {credits.given} left ({credits.spent} used)
        </dd>
      </dl>
      {live && subscription.past_due && <PastDue pastDue={subscription.past_due} />}
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
  const [code, setCode] = useState("");
  const codeError = hasFieldErrors(subscribe.error)
    ? subscribe.error.errors.coupon_code?.[0]
    : undefined;
  if (!data || (data.plans.length === 0 && !subscription)) return null;
  const choices = data.plans.filter((plan) => !live || plan.id !== live.plan.id);
  const changed = subscribe.data;
  return (
    <RegionCard
      id="subscription"
      title="Subscription"
      lead="A number of listings each month or year, for less than one by one."
    >
      {subscription && <Current subscription={subscription} offer={offer} />}
      {!live && choices.length > 0 && (
        // As narrow as the packs' code field below: a code is a short word.
        <div className="max-w-xs">
          <CouponField
            name="coupon_code"
            value={code}
            onChange={setCode}
            quoted={{ quote: null, refusal: null }}
            error={codeError}
            hint="Optional: what it takes off each plan, before tax, and for how long is said under the plan."
          />
        </div>
      )}
      {choices.length > 0 && (
        <ul role="list" className="grid gap-4 sm:grid-cols-2">
          {choices.map((plan) => (
            <PlanChoice
              key={plan.id}
              plan={plan}
              offer={offer}
              code={code}
              quoting={!live}
              hint={live ? changeHint(live, plan, offer) : null}
            >
              <Button
                busy={subscribe.isPending && pressed === plan.id}
                onClick={() => {
                  setPressed(plan.id);
                  subscribe.mutate({ plan: plan.id, ...(!live && { couponCode: code }) });
                }}
              >
                {live ? "Change to this plan" : "Subscribe"}
                <span className="sr-only"> {plan.name}</span>
              </Button>
            </PlanChoice>
          ))}
        </ul>
      )}
      {changed?.invoice && changed.credit_notes && changed.credit_notes.length > 0 && (
        <p role="status" className="text-sm text-gray-700">
          Invoice {changed.invoice.number}:{" "}
          {formatMoney(changed.invoice.total_minor, changed.invoice.currency)}, less{" "}
          {changed.credit_notes
            .map(
              (note) =>
                `credit note ${note.number} ${formatMoney(-note.total_minor, note.currency)}`,
            )
            .join(", ")}
          :{" "}
          {(changed.due_now_minor ?? 0) >= 0
            ? `${formatMoney(changed.due_now_minor ?? 0, changed.invoice.currency)} due now.`
            : `${formatMoney(-(changed.due_now_minor ?? 0), changed.invoice.currency)} owed to you.`}
        </p>
      )}
      {subscribe.isError && !codeError && (
        <p role="alert" className="text-sm text-red-700">
          {serverMessage(subscribe.error, "That did not work. Please try again.")}
        </p>
      )}
    </RegionCard>
  );
}
