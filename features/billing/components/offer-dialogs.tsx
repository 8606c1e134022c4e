// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import { Dialog, DialogPanel, DialogTitle } from "@headlessui/react";
import type { ReactNode } from "react";
import {
  FormProvider,
  useForm,
  type FieldErrors,
  type FieldValues,
  type Resolver,
  type UseFormRegisterReturn,
} from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FormSelectField, FormTextAreaField, FormTextField } from "@/components/ui/form-fields";
import { GatedForm, SubmitButton } from "@/components/ui/gated-form";
import { Refusal } from "@/components/ui/refusal";
import {
  OFFER_LIMITS,
  packCreateSchema,
  packUpdateSchema,
  planCreateSchema,
  planUpdateSchema,
} from "@/features/billing/offer-schemas";
import { formatPrice } from "@/features/billing/offer";
import {
  useSavePack,
  useSavePlan,
  useSetPackRetired,
  useSetPlanRetired,
  type ConsoleOffer,
  type ConsolePack,
  type ConsolePlan,
} from "@/features/billing/hooks/use-offer-console";
import { showServerFieldErrors, serverMessage } from "@/lib/form-errors";

/*
 * What /review/offer opens (issue 63), loaded when first asked for: the form of a plan, the form
 * of a pack, and the question before one is retired. The forms check what the API checks (the
 * same schemas, offer-schemas.ts) before they send, and show the server's refusals by their
 * fields: a slug taken, a pack's plan that is free or retired, the free plan's price.
 */

/** The digits of the currency's minor unit: 2 for cents, 0 for yen. */
export const minorDigits = (currency: string) =>
  new Intl.NumberFormat("en-US", {
    style: "currency",
    currency: currency.toUpperCase(),
  }).resolvedOptions().maximumFractionDigits ?? 2;

/** "199" or "19.50" in the currency, for a field: what `toMinor` reads back. */
export const moneyField = (minor: number, currency: string) => {
  const digits = minorDigits(currency);
  const amount = minor / 10 ** digits;
  return Number.isInteger(amount) ? String(amount) : amount.toFixed(digits);
};

/** An amount typed in the currency ("199", "19.50", "1,490") in minor units; NaN when it is none. */
export function toMinor(text: string, currency: string): number {
  const digits = minorDigits(currency);
  const clean = text.trim().replace(/[\s,]/g, "");
  const shape = digits > 0 ? new RegExp(`^-?\\d+(\\.\\d{1,${digits}})?$`) : /^-?\d+$/;
  if (!shape.test(clean)) return Number.NaN;
  return Math.round(Number(clean) * 10 ** digits);
}

const wholeNumber = (text: string) => (/^\s*-?\d+\s*$/.test(text) ? Number(text) : Number.NaN);

/** The order on /pricing, when given: left blank, a new one goes last and one edited stays. */
const positionOf = (text: string) => (text.trim() === "" ? {} : { position: wholeNumber(text) });

const positionCheck = (values: { position: string }) =>
  values.position.trim() !== "" && Number.isNaN(wholeNumber(values.position))
    ? "Give the position as a whole number, or leave it blank"
    : null;

/**
 * A resolver from a schema whose errors are keyed as the API keys them: by the field, an item of
 * a list reporting on its list (as lib/validation/field-errors does). `typed` says, for fields
 * typed as text but sent as numbers, what is wrong with text that is no number: that message
 * stands in for the schema's (which would speak of NaN's type).
 */
export function fieldResolver<V extends FieldValues, O>(
  schema: z.ZodType<O, V>,
  typed: Partial<Record<string, (values: V) => string | null>> = {},
): Resolver<V, unknown, O> {
  return (values) => {
    const parsed = schema.safeParse(values);
    const errors: Record<string, { type: string; message: string }> = {};
    for (const [field, check] of Object.entries(typed)) {
      const message = check?.(values);
      if (message) errors[field] = { type: "typed", message };
    }
    if (parsed.success && Object.keys(errors).length === 0) {
      return { values: parsed.data, errors: {} };
    }
    for (const issue of parsed.success ? [] : parsed.error.issues) {
      const key = String(issue.path[0] ?? "root");
      errors[key] ??= { type: issue.code, message: issue.message };
    }
    return { values: {}, errors: errors as FieldErrors<V> };
  };
}

/** A dialog holding a form: focus kept inside, Escape closes, scrolls on a small screen. */
function FormDialog({
  title,
  onClose,
  children,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog open onClose={onClose} className="fixed inset-0 z-50">
      <div aria-hidden="true" className="animate-fade-in fixed inset-0 bg-gray-900/50" />
      <div className="fixed inset-0 flex items-end justify-center p-2 sm:items-center sm:p-4">
        <DialogPanel className="animate-panel-in max-h-[92dvh] w-full max-w-lg overflow-y-auto rounded-2xl bg-white p-5 shadow-xl sm:p-6">
          <DialogTitle className="text-base font-semibold text-gray-900">{title}</DialogTitle>
          <div className="mt-4">{children}</div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}

/** A labelled checkbox registered in the surrounding form. */
function CheckField({
  label,
  hint,
  registered,
}: {
  label: string;
  hint: string;
  registered: UseFormRegisterReturn;
}) {
  return (
    <label className="flex items-start gap-3 text-sm">
      <input type="checkbox" className="mt-0.5 size-4 shrink-0 accent-violet-600" {...registered} />
      <span>
        <span className="font-medium text-gray-900">{label}</span>
        <span className="block text-gray-500">{hint}</span>
      </span>
    </label>
  );
}

function FormButtons({
  pending,
  onClose,
  label,
}: {
  pending: boolean;
  onClose: () => void;
  label: string;
}) {
  return (
    <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
      <Button variant="secondary" onClick={onClose}>
        Cancel
      </Button>
      <SubmitButton busy={pending}>{pending ? "Saving…" : label}</SubmitButton>
    </div>
  );
}

type PlanValues = {
  slug: string;
  name: string;
  price_minor: string;
  days: string;
  sponsored: boolean;
  recommended: boolean;
  summary: string;
  includes: string;
  position: string;
};

const PLAN_FIELDS = [
  "slug",
  "name",
  "price_minor",
  "days",
  "sponsored",
  "recommended",
  "summary",
  "includes",
  "position",
] as const;

/** The form's values as the API takes them, checked by the API's own schema. */
export const planFormSchema = (creating: boolean, currency: string) =>
  z
    .object({
      slug: z.string(),
      name: z.string(),
      price_minor: z.string(),
      days: z.string(),
      sponsored: z.boolean(),
      recommended: z.boolean(),
      summary: z.string(),
      includes: z.string(),
      position: z.string(),
    })
    .transform(({ slug, price_minor, days, includes, position, ...rest }) => ({
      ...(creating && { slug: slug.trim() }),
      ...rest,
      price_minor: toMinor(price_minor, currency),
      days: wholeNumber(days),
      ...positionOf(position),
      includes: includes
        .split("\n")
        .map((line) => line.trim())
        .filter(Boolean),
    }))
    .pipe(creating ? planCreateSchema : planUpdateSchema);

const priceCheck = (currency: string) => (values: { price_minor: string }) =>
  Number.isNaN(toMinor(values.price_minor, currency))
    ? minorDigits(currency) > 0
      ? "Give the price as an amount, like 199 or 19.50"
      : "Give the price as a whole amount, like 2000"
    : null;

const wholeCheck =
  <K extends string>(field: K, noun: string) =>
  (values: Record<K, string>) =>
    Number.isNaN(wholeNumber(values[field])) ? `Give the ${noun} as a whole number` : null;

/**
 * A plan's form: a new one (its slug given once) or one's changes. The free plan's price stays
 * 0: its field is read-only and says so.
 */
export function PlanDialog({
  plan,
  currency,
  onClose,
  onSaved,
}: {
  plan: ConsolePlan | null;
  currency: string;
  onClose: () => void;
  onSaved: (said: string) => void;
}) {
  const save = useSavePlan(plan?.slug ?? null);
  const form = useForm<PlanValues, unknown, z.output<ReturnType<typeof planFormSchema>>>({
    resolver: fieldResolver(planFormSchema(plan === null, currency), {
      price_minor: priceCheck(currency),
      days: wholeCheck("days", "days"),
      position: positionCheck,
    }),
    defaultValues: {
      slug: plan?.slug ?? "",
      name: plan?.name ?? "",
      price_minor: plan ? moneyField(plan.price_minor, currency) : "",
      days: String(plan?.days ?? 30),
      sponsored: plan?.sponsored ?? false,
      recommended: plan?.recommended ?? false,
      summary: plan?.summary ?? "",
      includes: (plan?.includes ?? []).join("\n"),
      position: plan ? String(plan.position) : "",
    },
  });
  const {
    handleSubmit,
    setError,
    register,
    formState: { errors },
  } = form;

  const onSubmit = handleSubmit((body) => {
    if (save.isPending) return;
    save.mutate({ slug: plan?.slug ?? "", ...body } as Parameters<typeof save.mutate>[0], {
      onSuccess: (saved) => {
        onSaved(plan ? `Saved ${saved.name}.` : `Added ${saved.name}: on sale now.`);
        onClose();
      },
      onError: (error) => {
        if (!showServerFieldErrors(error, setError, PLAN_FIELDS)) {
          setError("root.server", {
            type: "server",
            message: serverMessage(error, "The plan was not saved. Please try again."),
          });
        }
      },
    });
  });

  const code = currency.toUpperCase();
  return (
    <FormDialog title={plan ? `Edit ${plan.name}` : "Add a plan"} onClose={onClose}>
      <FormProvider {...form}>
        <GatedForm
          onSubmit={onSubmit}
          noValidate
          aria-label={plan ? `Edit ${plan.name}` : "Add a plan"}
          className="space-y-4"
        >
          {plan ? (
            <p className="text-sm text-gray-600">
              Slug <code className="font-mono text-gray-900">{plan.slug}</code>: links, listings and
              invoices name it by it, so it never changes. A change reaches new orders only.
            </p>
          ) : (
            <FormTextField
              name="slug"
              label="Slug"
              hint={`What links and listings name it by, for good: lower-case words joined by hyphens, like premium. ${OFFER_LIMITS.slug.min} to ${OFFER_LIMITS.slug.max} characters.`}
              autoComplete="off"
              spellCheck={false}
            />
          )}
          <FormTextField
            name="name"
            label="Name"
            maxLength={OFFER_LIMITS.name}
            autoComplete="off"
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <FormTextField
              name="price_minor"
              label={`Price (${code})`}
              inputMode="decimal"
              readOnly={plan?.base}
              hint={plan?.base ? "The board's free plan: it stays free." : "0 for a free plan."}
            />
            <FormTextField name="days" label="Days listed" inputMode="numeric" hint="1 to 365." />
          </div>
          <CheckField
            label="Sponsored"
            hint="Takes turns in the sponsored places atop lists, with a badge."
            registered={register("sponsored")}
          />
          <CheckField
            label="Recommended"
            hint="Highlighted on /pricing as the plan to pick."
            registered={register("recommended")}
          />
          <FormTextAreaField
            name="summary"
            label="Summary (optional)"
            rows={2}
            maxLength={OFFER_LIMITS.summary}
          />
          <FormTextAreaField
            name="includes"
            label="What it includes"
            rows={4}
            hint={`One line each, up to ${OFFER_LIMITS.includes.items} lines.`}
          />
          <FormTextField
            name="position"
            label="Position (optional)"
            inputMode="numeric"
            hint="Its place in the order: lower comes first. Left blank, a new one goes last."
          />
          <Refusal message={errors.root?.server?.message} />
          <FormButtons
            pending={save.isPending}
            onClose={onClose}
            label={plan ? "Save plan" : "Add plan"}
          />
        </GatedForm>
      </FormProvider>
    </FormDialog>
  );
}

type PackValues = {
  slug: string;
  plan: string;
  name: string;
  listings: string;
  price_minor: string;
  credit_months: string;
  position: string;
};

const PACK_FIELDS = [
  "slug",
  "plan",
  "name",
  "listings",
  "price_minor",
  "credit_months",
  "position",
] as const;

export const packFormSchema = (creating: boolean, currency: string) =>
  z
    .object({
      slug: z.string(),
      plan: z.string(),
      name: z.string(),
      listings: z.string(),
      price_minor: z.string(),
      credit_months: z.string(),
      position: z.string(),
    })
    .transform(({ slug, listings, price_minor, credit_months, position, ...rest }) => ({
      ...(creating && { slug: slug.trim() }),
      ...rest,
      listings: wholeNumber(listings),
      price_minor: toMinor(price_minor, currency),
      credit_months: wholeNumber(credit_months),
      ...positionOf(position),
    }))
    .pipe(creating ? packCreateSchema : packUpdateSchema);

/** A pack's form; its plan is one of the paid plans on sale (or the one it has). */
export function PackDialog({
  pack,
  offer,
  onClose,
  onSaved,
}: {
  pack: ConsolePack | null;
  offer: ConsoleOffer;
  onClose: () => void;
  onSaved: (said: string) => void;
}) {
  const save = useSavePack(pack?.slug ?? null);
  const { currency } = offer;
  const plans = offer.plans.filter(
    (plan) => (plan.price_minor > 0 && !plan.retired_at) || plan.slug === pack?.plan,
  );
  const form = useForm<PackValues, unknown, z.output<ReturnType<typeof packFormSchema>>>({
    resolver: fieldResolver(packFormSchema(pack === null, currency), {
      price_minor: priceCheck(currency),
      listings: wholeCheck("listings", "listings"),
      credit_months: wholeCheck("credit_months", "months"),
      position: positionCheck,
    }),
    defaultValues: {
      slug: pack?.slug ?? "",
      plan: pack?.plan ?? plans[0]?.slug ?? "",
      name: pack?.name ?? "",
      listings: String(pack?.listings ?? 3),
      price_minor: pack ? moneyField(pack.price_minor, currency) : "",
      credit_months: String(pack?.credit_months ?? 12),
      position: pack ? String(pack.position) : "",
    },
  });
  const {
    handleSubmit,
    setError,
    formState: { errors },
  } = form;

  const onSubmit = handleSubmit((body) => {
    if (save.isPending) return;
    save.mutate({ slug: pack?.slug ?? "", ...body } as Parameters<typeof save.mutate>[0], {
      onSuccess: (saved) => {
        onSaved(pack ? `Saved ${saved.name}.` : `Added ${saved.name}: on sale now.`);
        onClose();
      },
      onError: (error) => {
        if (!showServerFieldErrors(error, setError, PACK_FIELDS)) {
          setError("root.server", {
            type: "server",
            message: serverMessage(error, "The pack was not saved. Please try again."),
          });
        }
      },
    });
  });

  return (
    <FormDialog title={pack ? `Edit ${pack.name}` : "Add a pack"} onClose={onClose}>
      <FormProvider {...form}>
        <GatedForm
          onSubmit={onSubmit}
          noValidate
          aria-label={pack ? `Edit ${pack.name}` : "Add a pack"}
          className="space-y-4"
        >
          {pack ? (
            <p className="text-sm text-gray-600">
              Slug <code className="font-mono text-gray-900">{pack.slug}</code>. A change reaches
              new purchases only: credits bought keep their plan and expiry.
            </p>
          ) : (
            <FormTextField
              name="slug"
              label="Slug"
              hint="What orders name it by, for good: like premium-5."
              autoComplete="off"
              spellCheck={false}
            />
          )}
          <FormSelectField
            name="plan"
            label="Plan of its listings"
            hint="A paid plan on sale."
            options={plans.map((plan) => ({
              value: plan.slug,
              label: `${plan.name} (${formatPrice(plan.price_minor, currency)})${plan.retired_at ? ", retired" : ""}`,
            }))}
          />
          <FormTextField
            name="name"
            label="Name"
            maxLength={OFFER_LIMITS.name}
            autoComplete="off"
          />
          <div className="grid gap-4 sm:grid-cols-3">
            <FormTextField
              name="listings"
              label="Listings"
              inputMode="numeric"
              hint="1 to 1,000."
            />
            <FormTextField
              name="price_minor"
              label={`Price (${currency.toUpperCase()})`}
              inputMode="decimal"
              hint="For the whole pack."
            />
            <FormTextField
              name="credit_months"
              label="Credits last (months)"
              inputMode="numeric"
              hint="1 to 36."
            />
          </div>
          <FormTextField
            name="position"
            label="Position (optional)"
            inputMode="numeric"
            hint="Its place in the order: lower comes first. Left blank, a new one goes last."
          />
          <Refusal message={errors.root?.server?.message} />
          <FormButtons
            pending={save.isPending}
            onClose={onClose}
            label={pack ? "Save pack" : "Add pack"}
          />
        </GatedForm>
      </FormProvider>
    </FormDialog>
  );
}

/** Asks before a plan leaves the sale, naming the packs that leave with it. */
export function RetirePlanDialog({
  plan,
  offer,
  onClose,
  onDone,
}: {
  plan: ConsolePlan;
  offer: ConsoleOffer;
  onClose: () => void;
  onDone: (said: string) => void;
}) {
  const retire = useSetPlanRetired();
  const packs = offer.packs.filter((pack) => pack.plan === plan.slug && !pack.retired_at);
  return (
    <ConfirmDialog
      open
      onClose={onClose}
      onConfirm={() =>
        retire.mutate(
          { slug: plan.slug, retired: true },
          {
            onSuccess: ({ retired_packs }) => {
              onDone(
                `Retired ${plan.name}${retired_packs.length ? `, and ${retired_packs.length === 1 ? "its pack" : `its ${retired_packs.length} packs`}` : ""}.`,
              );
              onClose();
            },
          },
        )
      }
      pending={retire.isPending}
      title={`Retire ${plan.name}?`}
      confirmLabel="Retire plan"
      pendingLabel="Retiring…"
      cancelLabel="Keep it on sale"
    >
      <p>
        It leaves /pricing and /submit. Listings and credits already on it stay as they are; you can
        put it back on sale later.
      </p>
      {packs.length > 0 && (
        <p className="mt-2">
          Its packs on sale are retired with it: {packs.map((pack) => pack.name).join(", ")}.
          Putting the plan back does not bring them back.
        </p>
      )}
      {retire.isError && (
        <div className="mt-3">
          <Refusal message={serverMessage(retire.error, "It was not retired. Please try again.")} />
        </div>
      )}
    </ConfirmDialog>
  );
}

/** Asks before a pack leaves the sale. */
export function RetirePackDialog({
  pack,
  onClose,
  onDone,
}: {
  pack: ConsolePack;
  onClose: () => void;
  onDone: (said: string) => void;
}) {
  const retire = useSetPackRetired();
  return (
    <ConfirmDialog
      open
      onClose={onClose}
      onConfirm={() =>
        retire.mutate(
          { slug: pack.slug, retired: true },
          {
            onSuccess: () => {
              onDone(`Retired ${pack.name}.`);
              onClose();
            },
          },
        )
      }
      pending={retire.isPending}
      title={`Retire ${pack.name}?`}
      confirmLabel="Retire pack"
      pendingLabel="Retiring…"
      cancelLabel="Keep it on sale"
    >
      <p>It leaves /pricing and billing. Credits already bought stay usable until they expire.</p>
      {retire.isError && (
        <div className="mt-3">
          <Refusal message={serverMessage(retire.error, "It was not retired. Please try again.")} />
        </div>
      )}
    </ConfirmDialog>
  );
}
