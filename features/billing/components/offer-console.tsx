import dynamic from "next/dynamic";
import { useEffect, useState } from "react";
import { FormProvider, useFieldArray, useForm, useWatch } from "react-hook-form";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
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
import { BOARD_CURRENCIES, formatPrice } from "@/features/billing/offer";
import {
  useOfferConsole,
  useSaveOfferSettings,
  useSetPackRetired,
  useSetPlanRetired,
  type ConsoleOffer,
  type ConsolePack,
  type ConsolePlan,
  type OfferSettingsBody,
} from "@/features/billing/hooks/use-offer-console";
import { hasFieldErrors } from "@/lib/error-toast";
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

/** The comparison's limits, as offer-schemas.ts sets them (not imported: it would bring zod). */
const COMPARISON = { rows: 20, feature: 120 };

type Asking =
  | { action: "plan"; plan: ConsolePlan | null }
  | { action: "pack"; pack: ConsolePack | null }
  | { action: "retire-plan"; plan: ConsolePlan }
  | { action: "retire-pack"; pack: ConsolePack };

const onSale = (item: { retired_at: string | null }) =>
  item.retired_at ? <Badge tone="grey">Retired</Badge> : <Badge tone="green">On sale</Badge>;

function PlansTable({
  offer,
  onAsk,
  onSaid,
}: {
  offer: ConsoleOffer;
  onAsk: (asking: Asking) => void;
  onSaid: (said: string) => void;
}) {
  const restore = useSetPlanRetired();
  return (
    <>
      <TableFrame label="List of plans">
        <table className={tableClass}>
          <thead className={headClass}>
            <tr>
              <th scope="col" className={thClass}>
                Plan
              </th>
              <th scope="col" className={thClass}>
                Price
              </th>
              <th scope="col" className={thClass}>
                Days
              </th>
              <th scope="col" className={thClass}>
                Sponsored
              </th>
              <th scope="col" className={thClass}>
                State
              </th>
              <th scope="col" className={thClass}>
                Actions
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {offer.plans.map((plan) => (
              <tr key={plan.slug}>
                <td className={tdClass}>
                  <span className="font-medium text-gray-900">{plan.name}</span>
                  <span className="block font-mono text-xs text-gray-500">{plan.slug}</span>
                  {(plan.base || plan.recommended) && (
                    <span className="mt-1 flex flex-wrap gap-1">
                      {plan.base && <Badge tone="grey">Free plan</Badge>}
                      {plan.recommended && <Badge tone="amber">Recommended</Badge>}
                    </span>
                  )}
                </td>
                <td className={`${tdClass} whitespace-nowrap`}>
                  {formatPrice(plan.price_minor, offer.currency)}
                </td>
                <td className={`${tdClass} whitespace-nowrap`}>{plan.days} days</td>
                <td className={tdClass}>{plan.sponsored ? "Yes" : "No"}</td>
                <td className={tdClass}>{onSale(plan)}</td>
                <td className={tdClass}>
                  <span className="flex gap-4 whitespace-nowrap">
                    <button
                      type="button"
                      className={linkButtonClass}
                      onClick={() => onAsk({ action: "plan", plan })}
                    >
                      Edit<span className="sr-only"> {plan.name}</span>
                    </button>
                    {plan.base ? null : plan.retired_at ? (
                      <button
                        type="button"
                        className={linkButtonClass}
                        aria-disabled={restore.isPending || undefined}
                        onClick={() =>
                          !restore.isPending &&
                          restore.mutate(
                            { slug: plan.slug, retired: false },
                            { onSuccess: () => onSaid(`${plan.name} is on sale again.`) },
                          )
                        }
                      >
                        Restore<span className="sr-only"> {plan.name}</span>
                      </button>
                    ) : (
                      <button
                        type="button"
                        className={linkButtonClass}
                        onClick={() => onAsk({ action: "retire-plan", plan })}
                      >
                        Retire<span className="sr-only"> {plan.name}</span>
                      </button>
                    )}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableFrame>
      {restore.isError && (
        <Refusal message={serverMessage(restore.error, "It was not restored. Please try again.")} />
      )}
    </>
  );
}

function PacksTable({
  offer,
  onAsk,
  onSaid,
}: {
  offer: ConsoleOffer;
  onAsk: (asking: Asking) => void;
  onSaid: (said: string) => void;
}) {
  const restore = useSetPackRetired();
  const planName = (slug: string) => offer.plans.find((plan) => plan.slug === slug)?.name ?? slug;
  if (offer.packs.length === 0) return <p className="text-sm text-gray-600">No packs yet.</p>;
  return (
    <>
      <TableFrame label="List of packs">
        <table className={tableClass}>
          <thead className={headClass}>
            <tr>
              <th scope="col" className={thClass}>
                Pack
              </th>
              <th scope="col" className={thClass}>
                Plan
              </th>
              <th scope="col" className={thClass}>
                Listings
              </th>
              <th scope="col" className={thClass}>
                Price
              </th>
              <th scope="col" className={thClass}>
                Credits last
              </th>
              <th scope="col" className={thClass}>
                State
              </th>
              <th scope="col" className={thClass}>
                Actions
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {offer.packs.map((pack) => (
              <tr key={pack.slug}>
                <td className={tdClass}>
                  <span className="font-medium text-gray-900">{pack.name}</span>
                  <span className="block font-mono text-xs text-gray-500">{pack.slug}</span>
                </td>
                <td className={tdClass}>{planName(pack.plan)}</td>
                <td className={tdClass}>{pack.listings}</td>
                <td className={`${tdClass} whitespace-nowrap`}>
                  {formatPrice(pack.price_minor, offer.currency)}
                </td>
                <td className={`${tdClass} whitespace-nowrap`}>
                  {pack.credit_months} {pack.credit_months === 1 ? "month" : "months"}
                </td>
                <td className={tdClass}>{onSale(pack)}</td>
                <td className={tdClass}>
                  <span className="flex gap-4 whitespace-nowrap">
                    <button
                      type="button"
                      className={linkButtonClass}
                      onClick={() => onAsk({ action: "pack", pack })}
                    >
                      Edit<span className="sr-only"> {pack.name}</span>
                    </button>
                    {pack.retired_at ? (
                      <button
                        type="button"
                        className={linkButtonClass}
                        aria-disabled={restore.isPending || undefined}
                        onClick={() =>
                          !restore.isPending &&
                          restore.mutate(
                            { slug: pack.slug, retired: false },
                            { onSuccess: () => onSaid(`${pack.name} is on sale again.`) },
                          )
                        }
                      >
                        Restore<span className="sr-only"> {pack.name}</span>
                      </button>
                    ) : (
                      <button
                        type="button"
                        className={linkButtonClass}
                        onClick={() => onAsk({ action: "retire-pack", pack })}
                      >
                        Retire<span className="sr-only"> {pack.name}</span>
                      </button>
                    )}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableFrame>
      {restore.isError && (
        <Refusal message={serverMessage(restore.error, "It was not restored. Please try again.")} />
      )}
    </>
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
 * /pricing, with price, days, sponsored and whether on sale; packs likewise; each edited in a
 * dialog. The currency and /pricing's comparison below. Every change reaches new orders only,
 * and the pages that print prices are refreshed at once.
 */
export function OfferConsole() {
  const { data: offer, isPending, isError, refetch } = useOfferConsole();
  const [asking, setAsking] = useState<Asking | null>(null);
  const [said, setSaid] = useState("");
  const close = () => setAsking(null);

  if (isPending) return <ProfileScreenLoading />;
  if (isError || !offer) {
    return (
      <div className="rounded-2xl bg-white px-6 py-12 text-center shadow-xs ring-1 ring-gray-200">
        <p className="text-sm text-gray-700">The offer could not be loaded.</p>
        <Button variant="secondary" size="sm" className="mt-4" onClick={() => void refetch()}>
          Try again
        </Button>
      </div>
    );
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
      <RegionCard title="Currency and comparison">
        <SettingsForm offer={offer} onSaid={setSaid} />
      </RegionCard>
      {asking?.action === "plan" && (
        <PlanDialog
          plan={asking.plan}
          currency={offer.currency}
          onClose={close}
          onSaved={setSaid}
        />
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
    </div>
  );
}
