import dynamic from "next/dynamic";
import type { UseMutationResult } from "@tanstack/react-query";
import { useEffect, useState, type ReactNode } from "react";
import { FormProvider, useFieldArray, useForm, useWatch } from "react-hook-form";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { LoadFailed } from "@/components/ui/load-failed";
import {
  headClass,
  linkButtonClass,
  TableFrame,
  tableClass,
  tdClass,
  thClass,
} from "@/components/ui/data-table";
import { FormSelectField, FormTextField } from "@/components/ui/form-fields";
import { GatedForm, SubmitButton } from "@/components/ui/gated-form";
import { ProfileScreenLoading } from "@/components/ui/profile-screen-state";
import { Refusal } from "@/components/ui/refusal";
import { RegionCard } from "@/components/ui/region-card";
import {
  BOARD_CURRENCIES,
  couponLastDay,
  formatAmount,
  formatPrice,
  percentLabel,
} from "@/features/billing/offer";
import {
  useCoupons,
  useOfferConsole,
  useSaveOfferSettings,
  useSetPackRetired,
  useSetPlanRetired,
  useSetSubscriptionPlanRetired,
  type ConsoleCoupon,
  type ConsoleOffer,
  type ConsolePack,
  type ConsolePlan,
  type ConsoleSubscriptionPlan,
  type OfferSettingsBody,
} from "@/features/billing/hooks/use-offer-console";
import { hasFieldErrors } from "@/lib/error-toast";
import { Link } from "@/components/ui/link";
import { routes } from "@/lib/routes";
import { serverMessage } from "@/lib/form-errors";

// The forms (react-hook-form's, with zod) and the dialogs load when a moderator first opens one.
const loadDialogs = () => import("@/features/billing/components/offer-dialogs");
const PlanDialog = dynamic(() => loadDialogs().then((module) => module.PlanDialog), {
  ssr: false,
});
const PackDialog = dynamic(() => loadDialogs().then((module) => module.PackDialog), {
  ssr: false,
});
const RetirePlanDialog = dynamic(() => loadDialogs().then((module) => module.RetirePlanDialog), {
  ssr: false,
});
const RetirePackDialog = dynamic(() => loadDialogs().then((module) => module.RetirePackDialog), {
  ssr: false,
});
const SubscriptionPlanDialog = dynamic(
  () => loadDialogs().then((module) => module.SubscriptionPlanDialog),
  { ssr: false },
);
const RetireSubscriptionPlanDialog = dynamic(
  () => loadDialogs().then((module) => module.RetireSubscriptionPlanDialog),
  { ssr: false },
);
const CouponDialog = dynamic(() => loadDialogs().then((module) => module.CouponDialog), {
  ssr: false,
});
const RetireCouponDialog = dynamic(
  () => loadDialogs().then((module) => module.RetireCouponDialog),
  { ssr: false },
);

/** The comparison's limits, as offer-schemas.ts sets them (not imported: it would bring zod). */
const COMPARISON = { rows: 20, feature: 120 };

type Asking =
  | { action: "plan"; plan: ConsolePlan | null }
  | { action: "pack"; pack: ConsolePack | null }
  | { action: "subscription"; subscription: ConsoleSubscriptionPlan | null }
  | { action: "retire-subscription"; subscription: ConsoleSubscriptionPlan }
  | { action: "coupon"; coupon: ConsoleCoupon | null }
  | { action: "retire-plan"; plan: ConsolePlan }
  | { action: "retire-pack"; pack: ConsolePack }
  | { action: "retire-coupon"; coupon: ConsoleCoupon };

type TableProps = {
  offer: ConsoleOffer;
  onAsk: (asking: Asking) => void;
  onSaid: (said: string) => void;
};

const onSale = (item: { retired_at: string | null }) =>
  item.retired_at ? <Badge tone="grey">Retired</Badge> : <Badge tone="green">On sale</Badge>;

/** A column of a console table: its heading and each row's cell. */
type Column<T> = { header: string; cell: (item: T) => ReactNode; nowrap?: boolean };

/**
 * A table of the console (plans, packs, coupons): its columns, then each row's actions. The
 * first column names the row: its name, and its slug or code below.
 */
function ConsoleTable<T>({
  label,
  items,
  keyOf,
  columns,
  actions,
}: {
  label: string;
  items: readonly T[];
  keyOf: (item: T) => string;
  columns: Column<T>[];
  actions: (item: T) => ReactNode;
}) {
  return (
    <TableFrame label={label}>
      <table className={tableClass}>
        <thead className={headClass}>
          <tr>
            {[...columns.map((column) => column.header), "Actions"].map((header) => (
              <th key={header} scope="col" className={thClass}>
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {items.map((item) => (
            <tr key={keyOf(item)}>
              {columns.map((column) => (
                <td
                  key={column.header}
                  className={column.nowrap ? `${tdClass} whitespace-nowrap` : tdClass}
                >
                  {column.cell(item)}
                </td>
              ))}
              <td className={tdClass}>
                <span className="flex gap-4 whitespace-nowrap">{actions(item)}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}

/** A row's name, its slug or code below it, and its badges. */
function NameCell({ name, id, badges }: { name: string; id: string; badges?: ReactNode }) {
  return (
    <>
      <span className="font-medium text-gray-900">{name}</span>
      <span className="block font-mono text-xs text-gray-500">{id}</span>
      {badges && <span className="mt-1 flex flex-wrap gap-1">{badges}</span>}
    </>
  );
}

/** A row action: its visible verb, and the row's name for screen readers. */
function RowAction({
  verb,
  name,
  busy,
  onClick,
}: {
  verb: string;
  name: string;
  busy?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className={linkButtonClass}
      aria-disabled={busy || undefined}
      onClick={() => !busy && onClick()}
    >
      {verb}
      <span className="sr-only"> {name}</span>
    </button>
  );
}

/** The audit log's history of a row: who changed it, when, from what to what. */
function HistoryLink({ subject, id, name }: { subject: string; id: number; name: string }) {
  return (
    <Link href={routes.reviewHistory(subject, id)} className={linkButtonClass}>
      History<span className="sr-only"> of {name}</span>
    </Link>
  );
}

/**
 * Edit, and Retire or Restore, for a plan, pack or subscription plan, and its history; a restore is made at once (a retire is asked
 * first), and a refused one said under the table.
 */
function useRetiredActions<
  T extends { id: number; slug: string; name: string; retired_at: string | null },
>(
  subject: "plan" | "pack" | "subscription_plan",
  restore: UseMutationResult<unknown, unknown, { slug: string; retired: boolean }>,
  onSaid: (said: string) => void,
  ask: { edit: (item: T) => void; retire: (item: T) => void; keep?: (item: T) => boolean },
) {
  const actions = (item: T) => (
    <>
      <RowAction verb="Edit" name={item.name} onClick={() => ask.edit(item)} />
      {ask.keep?.(item) ? null : item.retired_at ? (
        <RowAction
          verb="Restore"
          name={item.name}
          busy={restore.isPending}
          onClick={() =>
            restore.mutate(
              { slug: item.slug, retired: false },
              { onSuccess: () => onSaid(`${item.name} is on sale again.`) },
            )
          }
        />
      ) : (
        <RowAction verb="Retire" name={item.name} onClick={() => ask.retire(item)} />
      )}
      <HistoryLink subject={subject} id={item.id} name={item.name} />
    </>
  );
  const refusal = restore.isError && (
    <Refusal message={serverMessage(restore.error, "It was not restored. Please try again.")} />
  );
  return { actions, refusal };
}

function PlansTable({ offer, onAsk, onSaid }: TableProps) {
  const { actions, refusal } = useRetiredActions<ConsolePlan>("plan", useSetPlanRetired(), onSaid, {
    edit: (plan) => onAsk({ action: "plan", plan }),
    retire: (plan) => onAsk({ action: "retire-plan", plan }),
    // The free plan is never retired.
    keep: (plan) => plan.base,
  });
  return (
    <>
      <ConsoleTable
        label="List of plans"
        items={offer.plans}
        keyOf={(plan) => plan.slug}
        actions={actions}
        columns={[
          {
            header: "Plan",
            cell: (plan) => (
              <NameCell
                name={plan.name}
                id={plan.slug}
                badges={
                  (plan.base || plan.recommended) && (
                    <>
                      {plan.base && <Badge tone="grey">Free plan</Badge>}
                      {plan.recommended && <Badge tone="amber">Recommended</Badge>}
                    </>
                  )
                }
              />
            ),
          },
          {
            header: "Price",
            cell: (plan) => formatPrice(plan.price_minor, offer.currency),
            nowrap: true,
          },
          { header: "Days", cell: (plan) => `${plan.days} days`, nowrap: true },
          { header: "Sponsored", cell: (plan) => (plan.sponsored ? "Yes" : "No") },
          { header: "State", cell: onSale },
        ]}
      />
      {refusal}
    </>
  );
}

function PacksTable({ offer, onAsk, onSaid }: TableProps) {
  const { actions, refusal } = useRetiredActions<ConsolePack>("pack", useSetPackRetired(), onSaid, {
    edit: (pack) => onAsk({ action: "pack", pack }),
    retire: (pack) => onAsk({ action: "retire-pack", pack }),
  });
  const planName = (slug: string) => offer.plans.find((plan) => plan.slug === slug)?.name ?? slug;
  if (offer.packs.length === 0) return <p className="text-sm text-gray-600">No packs yet.</p>;
  return (
    <>
      <ConsoleTable
        label="List of packs"
        items={offer.packs}
        keyOf={(pack) => pack.slug}
        actions={actions}
        columns={[
          { header: "Pack", cell: (pack) => <NameCell name={pack.name} id={pack.slug} /> },
          { header: "Plan", cell: (pack) => planName(pack.plan) },
          { header: "Listings", cell: (pack) => pack.listings },
          {
            header: "Price",
            cell: (pack) => formatPrice(pack.price_minor, offer.currency),
            nowrap: true,
          },
          {
            header: "Credits last",
            cell: (pack) =>
              `${pack.credit_months} ${pack.credit_months === 1 ? "month" : "months"}`,
            nowrap: true,
          },
          { header: "State", cell: onSale },
        ]}
      />
      {refusal}
    </>
  );
}

const INTERVALS: Record<ConsoleSubscriptionPlan["interval"], string> = {
  month: "Monthly",
  year: "Yearly",
};

function SubscriptionPlansTable({ offer, onAsk, onSaid }: TableProps) {
  const { actions, refusal } = useRetiredActions<ConsoleSubscriptionPlan>(
    "subscription_plan",
    useSetSubscriptionPlanRetired(),
    onSaid,
    {
      edit: (subscription) => onAsk({ action: "subscription", subscription }),
      retire: (subscription) => onAsk({ action: "retire-subscription", subscription }),
    },
  );
  const planName = (slug: string) => offer.plans.find((plan) => plan.slug === slug)?.name ?? slug;
  if (offer.subscription_plans.length === 0) {
    return <p className="text-sm text-gray-600">No subscription plans yet.</p>;
  }
  return (
    <>
      <ConsoleTable
        label="List of subscription plans"
        items={offer.subscription_plans}
        keyOf={(subscription) => subscription.slug}
        actions={actions}
        columns={[
          {
            header: "Subscription",
            cell: (subscription) => <NameCell name={subscription.name} id={subscription.slug} />,
          },
          { header: "Billed", cell: (subscription) => INTERVALS[subscription.interval] },
          {
            header: "Price",
            cell: (subscription) =>
              `${formatPrice(subscription.price_minor, offer.currency)} / ${subscription.interval}`,
            nowrap: true,
          },
          { header: "Listings each period", cell: (subscription) => subscription.listings },
          { header: "Plan", cell: (subscription) => planName(subscription.plan) },
          { header: "Rollover", cell: (subscription) => (subscription.rollover ? "Yes" : "No") },
          { header: "State", cell: onSale },
        ]}
      />
      {refusal}
    </>
  );
}

const COUPON_STATES: Record<ConsoleCoupon["state"], ReactNode> = {
  active: <Badge tone="green">Active</Badge>,
  expired: <Badge tone="grey">Expired</Badge>,
  used_up: <Badge tone="amber">Used up</Badge>,
  retired: <Badge tone="grey">Retired</Badge>,
};

const dayFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

/** "20% off" or "$50 off"; "on orders from $100" when it has a minimum. */
const discountOf = (coupon: ConsoleCoupon, currency: string) =>
  coupon.kind === "percent"
    ? `${percentLabel(coupon.percent_bp ?? 0)} off`
    : `${formatAmount(coupon.amount_minor ?? 0, currency)} off`;

const durationOf = (coupon: ConsoleCoupon) =>
  coupon.duration === "forever"
    ? "Every period"
    : coupon.duration === "repeating"
      ? `${coupon.duration_in_months} ${coupon.duration_in_months === 1 ? "month" : "months"}`
      : "Once";

/**
 * Every coupon, newest first: its code, its discount, what it applies to, how long on a
 * subscription, its uses against its limits, its last day and its state; each edited in a
 * dialog or retired (for good).
 */
function CouponsTable({ offer, onAsk }: Omit<TableProps, "onSaid">) {
  const { data, isPending, isError, refetch } = useCoupons();
  if (isPending) return <p className="text-sm text-gray-600">Loading the coupons…</p>;
  if (isError || !data) {
    return (
      <div className="space-y-2">
        <Refusal message="The coupons could not be loaded." />
        <Button variant="secondary" size="sm" onClick={() => void refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (data.coupons.length === 0) return <p className="text-sm text-gray-600">No coupons yet.</p>;
  const nameOf = (slug: string) =>
    offer.plans.find((plan) => plan.slug === slug)?.name ??
    offer.packs.find((pack) => pack.slug === slug)?.name ??
    offer.subscription_plans.find((plan) => plan.slug === slug)?.name ??
    slug;
  return (
    <ConsoleTable
      label="List of coupons"
      items={data.coupons}
      keyOf={(coupon) => String(coupon.id)}
      actions={(coupon) => (
        <>
          {coupon.state !== "retired" && (
            <>
              <RowAction
                verb="Edit"
                name={coupon.code}
                onClick={() => onAsk({ action: "coupon", coupon })}
              />
              <RowAction
                verb="Retire"
                name={coupon.code}
                onClick={() => onAsk({ action: "retire-coupon", coupon })}
              />
            </>
          )}
          <HistoryLink subject="coupon" id={coupon.id} name={coupon.code} />
        </>
      )}
      columns={[
        {
          header: "Code",
          cell: (coupon) => (
            <span className="font-mono font-medium text-gray-900">{coupon.code}</span>
          ),
        },
        {
          header: "Discount",
          cell: (coupon) => (
            <>
              {discountOf(coupon, offer.currency)}
              {coupon.min_order_minor !== null && (
                <span className="block text-xs text-gray-500">
                  on orders from {formatAmount(coupon.min_order_minor, offer.currency)}
                </span>
              )}
            </>
          ),
          nowrap: true,
        },
        {
          header: "Applies to",
          cell: (coupon) =>
            coupon.applies_to.length === 0
              ? "Everything"
              : coupon.applies_to.map(nameOf).join(", "),
        },
        { header: "Duration", cell: durationOf, nowrap: true },
        {
          header: "Uses",
          cell: (coupon) => (
            <>
              {coupon.uses} of {coupon.max_redemptions ?? "no limit"}
              {coupon.max_per_company !== null && (
                <span className="block text-xs text-gray-500">
                  {coupon.max_per_company} a company
                </span>
              )}
              {coupon.first_order_only && (
                <span className="block text-xs text-gray-500">First order only</span>
              )}
            </>
          ),
          nowrap: true,
        },
        {
          header: "Last day",
          cell: (coupon) =>
            coupon.expires_at
              ? dayFormat.format(new Date(`${couponLastDay(coupon.expires_at)}T12:00:00Z`))
              : "None",
          nowrap: true,
        },
        { header: "State", cell: (coupon) => COUPON_STATES[coupon.state] },
      ]}
    />
  );
}

type SettingsValues = {
  currency: OfferSettingsBody["currency"];
  comparison: { feature: string; plans: string[] | string | false }[];
};

const settingsOf = (offer: ConsoleOffer): SettingsValues => ({
  currency: offer.currency,
  comparison: offer.comparison.map((row) => ({ feature: row.feature, plans: row.plans })),
});

/** A group of checkboxes with one name reads as an array; one alone as its value or false. */
const checked = (plans: string[] | string | false) =>
  Array.isArray(plans) ? plans : typeof plans === "string" ? [plans] : [];

/**
 * The currency (prices are not converted) and /pricing's comparison: each row's feature, and a
 * checkbox for each plan that has it.
 */
function SettingsForm({ offer, onSaid }: { offer: ConsoleOffer; onSaid: (said: string) => void }) {
  const save = useSaveOfferSettings();
  const form = useForm<SettingsValues>({ defaultValues: settingsOf(offer) });
  const {
    control,
    handleSubmit,
    register,
    reset,
    setError,
    formState: { errors },
  } = form;
  const rows = useFieldArray({ control, name: "comparison" });
  const currency = useWatch({ control, name: "currency" });
  useEffect(() => reset(settingsOf(offer)), [reset, offer]);

  const onSubmit = handleSubmit((values) => {
    if (save.isPending) return;
    let invalid = false;
    values.comparison.forEach((row, index) => {
      const feature = row.feature.trim();
      if (!feature || feature.length > COMPARISON.feature) {
        invalid = true;
        setError(`comparison.${index}.feature`, {
          type: "client",
          message: feature
            ? `Keep the feature under ${COMPARISON.feature + 1} characters`
            : "Give the row's feature, or remove the row",
        });
      }
    });
    if (invalid) return;
    const comparison = values.comparison.map((row) => ({
      feature: row.feature.trim(),
      plans: checked(row.plans),
    }));
    save.mutate(
      { currency: values.currency, comparison },
      {
        onSuccess: () => onSaid("Saved the currency and the comparison."),
        onError: (error) => {
          if (hasFieldErrors(error)) {
            for (const [field, messages] of Object.entries(error.errors)) {
              setError(field === "currency" ? "currency" : "root.comparison", {
                type: "server",
                message: messages.join(" "),
              });
            }
          } else {
            setError("root.server", {
              type: "server",
              message: serverMessage(error, "The settings were not saved. Please try again."),
            });
          }
        },
      },
    );
  });

  return (
    <FormProvider {...form}>
      <GatedForm
        onSubmit={onSubmit}
        noValidate
        aria-label="Currency and comparison"
        className="space-y-5"
      >
        <div className="max-w-xs">
          <FormSelectField
            name="currency"
            label="Currency"
            options={BOARD_CURRENCIES.map((code) => ({ value: code, label: code.toUpperCase() }))}
          />
        </div>
        <p
          className={`rounded-lg p-3 text-sm ${currency !== offer.currency ? "bg-amber-50 font-medium text-amber-900" : "bg-gray-50 text-gray-700"}`}
        >
          Prices are not converted: a plan at 199 {offer.currency.toUpperCase()} sells at 199{" "}
          {currency.toUpperCase()} once the currency changes. Check every price after a change.
          Invoices already issued keep their own currency.
        </p>
        <fieldset className="space-y-4">
          <legend className="text-sm font-semibold text-gray-900">Comparison on /pricing</legend>
          <p className="text-sm text-gray-600">
            Each row is a feature, ticked for the plans that have it. Up to {COMPARISON.rows} rows.
          </p>
          <Refusal message={errors.root?.comparison?.message} />
          {rows.fields.map((row, index) => (
            <div
              key={row.id}
              role="group"
              aria-label={`Row ${index + 1}`}
              className="space-y-3 rounded-xl p-4 ring-1 ring-gray-200"
            >
              <FormTextField
                name={`comparison.${index}.feature`}
                label={`Feature, row ${index + 1}`}
                maxLength={COMPARISON.feature}
                autoComplete="off"
              />
              <div className="flex flex-wrap gap-x-5 gap-y-2">
                {offer.plans.map((plan) => (
                  <label key={plan.slug} className="flex items-center gap-2 text-sm text-gray-900">
                    <input
                      type="checkbox"
                      value={plan.slug}
                      className="size-4 accent-violet-600"
                      {...register(`comparison.${index}.plans`)}
                    />
                    {plan.name}
                    {plan.retired_at && <span className="text-gray-500">(retired)</span>}
                    <span className="sr-only">, row {index + 1}</span>
                  </label>
                ))}
              </div>
              <div className="flex flex-wrap gap-4 text-sm">
                <button
                  type="button"
                  className={linkButtonClass}
                  disabled={index === 0}
                  onClick={() => rows.move(index, index - 1)}
                >
                  Move up<span className="sr-only"> row {index + 1}</span>
                </button>
                <button
                  type="button"
                  className={linkButtonClass}
                  disabled={index === rows.fields.length - 1}
                  onClick={() => rows.move(index, index + 1)}
                >
                  Move down<span className="sr-only"> row {index + 1}</span>
                </button>
                <button
                  type="button"
                  className={linkButtonClass}
                  onClick={() => rows.remove(index)}
                >
                  Remove<span className="sr-only"> row {index + 1}</span>
                </button>
              </div>
            </div>
          ))}
          <Button
            variant="secondary"
            size="sm"
            disabled={rows.fields.length >= COMPARISON.rows}
            onClick={() => rows.append({ feature: "", plans: [] })}
          >
            Add a row
          </Button>
        </fieldset>
        <Refusal message={errors.root?.server?.message} />
        <div className="flex justify-end">
          <SubmitButton busy={save.isPending}>
            {save.isPending ? "Saving…" : "Save currency and comparison"}
          </SubmitButton>
        </div>
      </GatedForm>
    </FormProvider>
  );
}

/**
 * /review/offer (issue 63): what the board sells, as moderators set it. Plans in their order on
 * /pricing, with price, days, sponsored and whether on sale; packs and subscription plans
 * likewise; the coupons; each
 * edited in a dialog. The currency and /pricing's comparison below. Every change reaches new orders only,
 * and the pages that print prices are refreshed at once.
 */
export function OfferConsole() {
  const { data: offer, isPending, isError, refetch } = useOfferConsole();
  const [asking, setAsking] = useState<Asking | null>(null);
  const [said, setSaid] = useState("");
  const close = () => setAsking(null);

  if (isPending) return <ProfileScreenLoading />;
  if (isError || !offer) {
    return <LoadFailed what="The offer" retry={() => void refetch()} />;
  }

  return (
    <div className="space-y-6">
      <p role="status" className="text-sm font-medium text-emerald-800">
        {said}
      </p>
      <RegionCard
        title="Plans"
        lead="In their order on /pricing and /submit. A change reaches new orders only: listings and invoices keep what they were sold. The free plan stays free and on sale."
      >
        <PlansTable offer={offer} onAsk={setAsking} onSaid={setSaid} />
        <Button
          variant="secondary"
          size="sm"
          onClick={() => setAsking({ action: "plan", plan: null })}
        >
          Add a plan
        </Button>
      </RegionCard>
      <RegionCard
        title="Packs"
        lead="Listings of a paid plan bought ahead, as credits. Retiring a plan retires its packs."
      >
        <PacksTable offer={offer} onAsk={setAsking} onSaid={setSaid} />
        <Button
          variant="secondary"
          size="sm"
          onClick={() => setAsking({ action: "pack", pack: null })}
        >
          Add a pack
        </Button>
      </RegionCard>
      <RegionCard
        title="Subscriptions"
        lead="Listings of a paid plan each month or year, for a price each period. A new price reaches new subscriptions and the next period of those on invoice; subscriptions by card keep the price Stripe has for them. Retiring one stops new subscriptions: running ones go on."
      >
        <SubscriptionPlansTable offer={offer} onAsk={setAsking} onSaid={setSaid} />
        <Button
          variant="secondary"
          size="sm"
          onClick={() => setAsking({ action: "subscription", subscription: null })}
        >
          Add a subscription plan
        </Button>
      </RegionCard>
      <RegionCard
        title="Coupons"
        lead="Codes employers type at checkout or on an invoice order, for a discount shown as its own line. A retired code is refused from then on; invoices keep theirs."
      >
        <CouponsTable offer={offer} onAsk={setAsking} />
        <Button
          variant="secondary"
          size="sm"
          onClick={() => setAsking({ action: "coupon", coupon: null })}
        >
          Add a coupon
        </Button>
      </RegionCard>
      <RegionCard title="Currency and comparison">
        <SettingsForm offer={offer} onSaid={setSaid} />
      </RegionCard>
      {asking?.action === "plan" && (
        <PlanDialog plan={asking.plan} offer={offer} onClose={close} onSaved={setSaid} />
      )}
      {asking?.action === "pack" && (
        <PackDialog pack={asking.pack} offer={offer} onClose={close} onSaved={setSaid} />
      )}
      {asking?.action === "retire-plan" && (
        <RetirePlanDialog plan={asking.plan} offer={offer} onClose={close} onDone={setSaid} />
      )}
      {asking?.action === "retire-pack" && (
        <RetirePackDialog pack={asking.pack} onClose={close} onDone={setSaid} />
      )}
      {asking?.action === "subscription" && (
        <SubscriptionPlanDialog
          subscription={asking.subscription}
          offer={offer}
          onClose={close}
          onSaved={setSaid}
        />
      )}
      {asking?.action === "retire-subscription" && (
        <RetireSubscriptionPlanDialog
          subscription={asking.subscription}
          onClose={close}
          onDone={setSaid}
        />
      )}
      {asking?.action === "coupon" && (
        <CouponDialog coupon={asking.coupon} offer={offer} onClose={close} onSaved={setSaid} />
      )}
      {asking?.action === "retire-coupon" && (
        <RetireCouponDialog coupon={asking.coupon} onClose={close} onDone={setSaid} />
      )}
    </div>
  );
}
