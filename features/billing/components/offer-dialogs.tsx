// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import { Dialog, DialogPanel, DialogTitle } from "@headlessui/react";
import type { UseMutationResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import {
  FormProvider,
  useForm,
  useFormState,
  useWatch,
  type FieldErrors,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormRegisterReturn,
  type UseFormReturn,
} from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import {
  FormSelectField,
  FormTextAreaField,
  FormTextField,
  useFormField,
} from "@/components/ui/form-fields";
import { GatedForm, SubmitButton } from "@/components/ui/gated-form";
import { Refusal } from "@/components/ui/refusal";
import {
  couponInputSchema,
  type CouponFormInput,
  OFFER_LIMITS,
  packCreateSchema,
  packUpdateSchema,
  planCreateSchema,
  planUpdateSchema,
  subscriptionPlanCreateSchema,
  subscriptionPlanUpdateSchema,
} from "@/features/billing/offer-schemas";
import { couponLastDay, formatPrice } from "@/features/billing/offer";
import {
  useRetireCoupon,
  useSaveCoupon,
  useSavePack,
  useSavePlan,
  useSaveSubscriptionPlan,
  useSetPackRetired,
  useSetPlanRetired,
  useSetSubscriptionPlanRetired,
  type ConsoleCoupon,
  type ConsoleOffer,
  type ConsolePack,
  type ConsolePlan,
  type ConsoleSubscriptionPlan,
} from "@/features/billing/hooks/use-offer-console";
import { showServerFieldErrors, serverMessage } from "@/lib/form-errors";

/*
 * What /review/offer opens (issue 63), loaded when first asked for: the form of a plan, of a
 * pack, of a subscription plan and of a coupon, and the question before one is retired. The forms check what the API
 * checks (the same schemas, offer-schemas.ts) before they send, and show the server's refusals
 * by their fields: a slug or code taken, a pack's plan that is free or retired, the free plan's
 * price. The three share their frame (`ConsoleFormDialog`), their money fields (`MoneyField`,
 * typed in the currency's major unit and sent in its minor unit), their sending
 * (`submitTo`) and their question before retiring (`RetireDialog`).
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

/**
 * A console form in its dialog, named by its title: the fields, then what the server refused
 * that no field holds, then Cancel and the submit button.
 */
function ConsoleFormDialog<V extends FieldValues, O>({
  title,
  form,
  onSubmit,
  pending,
  onClose,
  submitLabel,
  children,
}: {
  title: string;
  form: UseFormReturn<V, unknown, O>;
  onSubmit: () => void;
  pending: boolean;
  onClose: () => void;
  submitLabel: string;
  children: ReactNode;
}) {
  const { errors } = useFormState({ control: form.control });
  const message = errors.root?.server?.message;
  return (
    <FormDialog title={title} onClose={onClose}>
      <FormProvider {...form}>
        <GatedForm onSubmit={onSubmit} noValidate aria-label={title} className="space-y-4">
          {children}
          <Refusal message={message} />
          <FormButtons pending={pending} onClose={onClose} label={submitLabel} />
        </GatedForm>
      </FormProvider>
    </FormDialog>
  );
}

/** An amount typed in the board's currency's major unit ("199", "19.50"), labelled with it. */
function MoneyField({
  name,
  label,
  currency,
  ...field
}: {
  name: string;
  label: string;
  currency: string;
  hint?: string;
  readOnly?: boolean;
}) {
  return (
    <FormTextField
      name={name}
      label={`${label} (${currency.toUpperCase()})`}
      inputMode="decimal"
      autoComplete="off"
      {...field}
    />
  );
}

/**
 * The form's submit: its values, checked, sent once at a time; saved, the console is told and
 * the dialog closes; refused, each field's error goes beside its field (`fields`, the API's
 * keys) and anything else above the buttons.
 */
function submitTo<V extends FieldValues, O, B, R>(
  form: UseFormReturn<V, unknown, O>,
  save: UseMutationResult<R, unknown, B>,
  {
    body,
    fields,
    said,
    failed,
    onSaved,
    onClose,
  }: {
    body: (values: O) => B;
    fields: readonly Path<V>[];
    said: (saved: R) => string;
    failed: string;
    onSaved: (said: string) => void;
    onClose: () => void;
  },
) {
  return form.handleSubmit((values) => {
    if (save.isPending) return;
    save.mutate(body(values), {
      onSuccess: (saved) => {
        onSaved(said(saved));
        onClose();
      },
      onError: (error) => {
        if (!showServerFieldErrors(error, form.setError, fields)) {
          form.setError("root.server" as Path<V>, {
            type: "server",
            message: serverMessage(error, failed),
          });
        }
      },
    });
  });
}

/** Asks before something leaves the sale: what it means, and the server's refusal if any. */
function RetireDialog({
  title,
  confirmLabel,
  cancelLabel = "Keep it on sale",
  retire,
  onConfirm,
  onClose,
  children,
}: {
  title: string;
  confirmLabel: string;
  cancelLabel?: string;
  retire: { isPending: boolean; isError: boolean; error: unknown };
  onConfirm: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <ConfirmDialog
      open
      onClose={onClose}
      onConfirm={onConfirm}
      pending={retire.isPending}
      title={title}
      confirmLabel={confirmLabel}
      pendingLabel="Retiring…"
      cancelLabel={cancelLabel}
    >
      {children}
      {retire.isError && (
        <div className="mt-3">
          <Refusal message={serverMessage(retire.error, "It was not retired. Please try again.")} />
        </div>
      )}
    </ConfirmDialog>
  );
}

type PlanValues = {
  slug: string;
  name: string;
  price_minor: string;
  days: string;
  sponsored: boolean;
  social_post?: boolean;
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
  "social_post",
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
      social_post: z.boolean().optional(),
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

/** An amount typed in the currency at `field`, or blank when `optional`: what is wrong, if anything. */
const moneyCheck =
  <K extends string>(field: K, currency: string, optional = false) =>
  (values: Record<K, string>) =>
    (optional && values[field].trim() === "") || !Number.isNaN(toMinor(values[field], currency))
      ? null
      : minorDigits(currency) > 0
        ? "Give the amount as a number, like 199 or 19.50"
        : "Give the amount as a whole number, like 2000";

const priceCheck = (currency: string) => (values: { price_minor: string }) =>
  Number.isNaN(toMinor(values.price_minor, currency))
    ? minorDigits(currency) > 0
      ? "Give the price as an amount, like 199 or 19.50"
      : "Give the price as a whole amount, like 2000"
    : null;

const wholeCheck =
  <K extends string>(field: K, noun: string, optional = false) =>
  (values: Record<K, string>) =>
    (optional && values[field].trim() === "") || !Number.isNaN(wholeNumber(values[field]))
      ? null
      : `Give the ${noun} as a whole number${optional ? ", or leave it blank" : ""}`;

/** What a plan or pack form says once saved. */
const savedSaid = (editing: boolean) => (saved: { name: string }) =>
  editing ? `Saved ${saved.name}.` : `Added ${saved.name}: on sale now.`;

/** The note of an edited plan or pack in place of its slug field, or the field for a new one. */
function SlugField({ slug, note, hint }: { slug: string | null; note: string; hint: string }) {
  return slug ? (
    <p className="text-sm text-gray-600">
      Slug <code className="font-mono text-gray-900">{slug}</code>
      {note}
    </p>
  ) : (
    <FormTextField name="slug" label="Slug" hint={hint} autoComplete="off" spellCheck={false} />
  );
}

const positionField = (
  <FormTextField
    name="position"
    label="Position (optional)"
    inputMode="numeric"
    hint="Its place in the order: lower comes first. Left blank, a new one goes last."
  />
);

/**
 * A plan's form: a new one (its slug given once) or one's changes. The free plan's price stays
 * 0: its field is read-only and says so. At most one plan is recommended: ticking it here says
 * which plan stops being so.
 */
export function PlanDialog({
  plan,
  offer,
  onClose,
  onSaved,
}: {
  plan: ConsolePlan | null;
  offer: ConsoleOffer;
  onClose: () => void;
  onSaved: (said: string) => void;
}) {
  const { currency } = offer;
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
      social_post: plan?.social_post ?? false,
      recommended: plan?.recommended ?? false,
      summary: plan?.summary ?? "",
      includes: (plan?.includes ?? []).join("\n"),
      position: plan ? String(plan.position) : "",
    },
  });
  const recommended = useWatch({ control: form.control, name: "recommended" });
  const current = offer.plans.find((other) => other.recommended && other.slug !== plan?.slug);
  const replaced = recommended && !plan?.recommended ? current : undefined;
  const said = savedSaid(plan !== null);
  const onSubmit = submitTo(form, save, {
    body: (values) => ({ slug: plan?.slug ?? "", ...values }) as Parameters<typeof save.mutate>[0],
    fields: PLAN_FIELDS,
    said: (saved) =>
      `${said(saved)}${replaced ? ` It is the recommended plan now, instead of ${replaced.name}.` : ""}`,
    failed: "The plan was not saved. Please try again.",
    onSaved,
    onClose,
  });

  return (
    <ConsoleFormDialog
      title={plan ? `Edit ${plan.name}` : "Add a plan"}
      form={form}
      onSubmit={onSubmit}
      pending={save.isPending}
      onClose={onClose}
      submitLabel={plan ? "Save plan" : "Add plan"}
    >
      <SlugField
        slug={plan?.slug ?? null}
        note=": links, listings and invoices name it by it, so it never changes. A change reaches new orders only."
        hint={`What links and listings name it by, for good: lower-case words joined by hyphens, like premium. ${OFFER_LIMITS.slug.min} to ${OFFER_LIMITS.slug.max} characters.`}
      />
      <FormTextField name="name" label="Name" maxLength={OFFER_LIMITS.name} autoComplete="off" />
      <div className="grid gap-4 sm:grid-cols-2">
        <MoneyField
          name="price_minor"
          label="Price"
          currency={currency}
          readOnly={plan?.base}
          hint={plan?.base ? "The board's free plan: it stays free." : "0 for a free plan."}
        />
        <FormTextField name="days" label="Days listed" inputMode="numeric" hint="1 to 365." />
      </div>
      <CheckField
        label="Sponsored"
        hint="Takes turns in the sponsored places atop lists, with a badge."
        registered={form.register("sponsored")}
      />
      <CheckField
        label="Posted on social channels"
        hint="Each listing on it is posted on the channels connected under Social channels. /pricing names those channels, and leaves the promise out while none is connected."
        registered={form.register("social_post")}
      />
      <CheckField
        label="Recommended"
        hint={
          replaced
            ? `Highlighted on /pricing as the plan to pick. Only one plan is: ${replaced.name} stops being recommended.`
            : "Highlighted on /pricing as the plan to pick. Only one plan is."
        }
        registered={form.register("recommended")}
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
      {positionField}
    </ConsoleFormDialog>
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

/**
 * The listing plans a pack or subscription plan may give listings of: the paid ones on sale, and
 * the one it has (even retired).
 */
const sellablePlans = (offer: ConsoleOffer, current: string | undefined) =>
  offer.plans.filter((plan) => (plan.price_minor > 0 && !plan.retired_at) || plan.slug === current);

/** The choice of a pack's or subscription plan's listing plan, each with its price. */
function ListingPlanField({ plans, currency }: { plans: ConsolePlan[]; currency: string }) {
  return (
    <FormSelectField
      name="plan"
      label="Plan of its listings"
      hint="A paid plan on sale."
      options={plans.map((plan) => ({
        value: plan.slug,
        label: `${plan.name} (${formatPrice(plan.price_minor, currency)})${plan.retired_at ? ", retired" : ""}`,
      }))}
    />
  );
}

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
  const plans = sellablePlans(offer, pack?.plan);
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
  const onSubmit = submitTo(form, save, {
    body: (values) => ({ slug: pack?.slug ?? "", ...values }) as Parameters<typeof save.mutate>[0],
    fields: PACK_FIELDS,
    said: savedSaid(pack !== null),
    failed: "The pack was not saved. Please try again.",
    onSaved,
    onClose,
  });

  return (
    <ConsoleFormDialog
      title={pack ? `Edit ${pack.name}` : "Add a pack"}
      form={form}
      onSubmit={onSubmit}
      pending={save.isPending}
      onClose={onClose}
      submitLabel={pack ? "Save pack" : "Add pack"}
    >
      <SlugField
        slug={pack?.slug ?? null}
        note=". A change reaches new purchases only: credits bought keep their plan and expiry."
        hint="What orders name it by, for good: like premium-5."
      />
      <ListingPlanField plans={plans} currency={currency} />
      <FormTextField name="name" label="Name" maxLength={OFFER_LIMITS.name} autoComplete="off" />
      <div className="grid gap-4 sm:grid-cols-3">
        <FormTextField name="listings" label="Listings" inputMode="numeric" hint="1 to 1,000." />
        <MoneyField
          name="price_minor"
          label="Price"
          currency={currency}
          hint="For the whole pack."
        />
        <FormTextField
          name="credit_months"
          label="Credits last (months)"
          inputMode="numeric"
          hint="1 to 36."
        />
      </div>
      {positionField}
    </ConsoleFormDialog>
  );
}

/* Subscription plans (issue 63). */

type SubscriptionPlanValues = {
  slug: string;
  name: string;
  /** `month` or `year`. */
  interval: string;
  price_minor: string;
  listings: string;
  plan: string;
  rollover: boolean;
  position: string;
};

const SUBSCRIPTION_PLAN_FIELDS = [
  "slug",
  "name",
  "interval",
  "price_minor",
  "listings",
  "plan",
  "rollover",
  "position",
] as const;

export const subscriptionPlanFormSchema = (creating: boolean, currency: string) =>
  z
    .object({
      slug: z.string(),
      name: z.string(),
      interval: z.string(),
      price_minor: z.string(),
      listings: z.string(),
      plan: z.string(),
      rollover: z.boolean(),
      position: z.string(),
    })
    .transform(({ slug, listings, price_minor, position, ...rest }) => ({
      ...(creating && { slug: slug.trim() }),
      ...rest,
      listings: wholeNumber(listings),
      price_minor: toMinor(price_minor, currency),
      ...positionOf(position),
    }))
    .pipe(creating ? subscriptionPlanCreateSchema : subscriptionPlanUpdateSchema);

/**
 * A subscription plan's form: a price each month or year for listings of a paid plan on sale
 * (or the one it has). A new price reaches new subscriptions and the next period of those on
 * invoice; one paid by card keeps the price Stripe has for it.
 */
export function SubscriptionPlanDialog({
  subscription,
  offer,
  onClose,
  onSaved,
}: {
  subscription: ConsoleSubscriptionPlan | null;
  offer: ConsoleOffer;
  onClose: () => void;
  onSaved: (said: string) => void;
}) {
  const save = useSaveSubscriptionPlan(subscription?.slug ?? null);
  const { currency } = offer;
  const plans = sellablePlans(offer, subscription?.plan);
  const form = useForm<
    SubscriptionPlanValues,
    unknown,
    z.output<ReturnType<typeof subscriptionPlanFormSchema>>
  >({
    resolver: fieldResolver(subscriptionPlanFormSchema(subscription === null, currency), {
      price_minor: priceCheck(currency),
      listings: wholeCheck("listings", "listings"),
      position: positionCheck,
    }),
    defaultValues: {
      slug: subscription?.slug ?? "",
      name: subscription?.name ?? "",
      interval: subscription?.interval ?? "month",
      price_minor: subscription ? moneyField(subscription.price_minor, currency) : "",
      listings: String(subscription?.listings ?? 3),
      plan: subscription?.plan ?? plans[0]?.slug ?? "",
      rollover: subscription?.rollover ?? false,
      position: subscription ? String(subscription.position) : "",
    },
  });
  const onSubmit = submitTo(form, save, {
    body: (values) =>
      ({ slug: subscription?.slug ?? "", ...values }) as Parameters<typeof save.mutate>[0],
    fields: SUBSCRIPTION_PLAN_FIELDS,
    said: savedSaid(subscription !== null),
    failed: "The subscription plan was not saved. Please try again.",
    onSaved,
    onClose,
  });

  return (
    <ConsoleFormDialog
      title={subscription ? `Edit ${subscription.name}` : "Add a subscription plan"}
      form={form}
      onSubmit={onSubmit}
      pending={save.isPending}
      onClose={onClose}
      submitLabel={subscription ? "Save subscription plan" : "Add subscription plan"}
    >
      <SlugField
        slug={subscription?.slug ?? null}
        note=". A change reaches new subscriptions only, and the next period of those on invoice."
        hint="What subscriptions name it by, for good: like sponsored-monthly."
      />
      <FormTextField name="name" label="Name" maxLength={OFFER_LIMITS.name} autoComplete="off" />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormSelectField
          name="interval"
          label="Billed"
          options={[
            { value: "month", label: "Every month" },
            { value: "year", label: "Every year" },
          ]}
        />
        <MoneyField
          name="price_minor"
          label="Price"
          currency={currency}
          hint="Each period. Subscriptions paid by card keep the price they began with: Stripe charges that until they change plan."
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <ListingPlanField plans={plans} currency={currency} />
        <FormTextField
          name="listings"
          label="Listings each period"
          inputMode="numeric"
          hint="1 to 1,000."
        />
      </div>
      <CheckField
        label="Roll over unused listings"
        hint="Unused listings carry over to the next periods; otherwise they expire at the period's end."
        registered={form.register("rollover")}
      />
      {positionField}
    </ConsoleFormDialog>
  );
}

/* Coupons (issue 63). */

type CouponValues = {
  code: string;
  kind: "percent" | "amount";
  /** The percent off as typed ("20", "12.5"); sent in basis points. */
  percent_bp: string;
  /** The amount off in the currency ("50", "19.50"); sent in minor units. */
  amount_minor: string;
  applies_to: string[] | string | boolean;
  duration: "once" | "repeating" | "forever";
  duration_in_months: string;
  /** The last day it can be used (yyyy-mm-dd, UTC), or blank. */
  expires_at: string;
  max_redemptions: string;
  max_per_company: string;
  first_order_only: boolean;
  min_order_minor: string;
};

const COUPON_FIELDS = [
  "code",
  "kind",
  "percent_bp",
  "amount_minor",
  "applies_to",
  "duration",
  "duration_in_months",
  "expires_at",
  "max_redemptions",
  "max_per_company",
  "first_order_only",
  "min_order_minor",
] as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** "20" or "12.5" (percent, at most two decimals) in basis points; NaN when it is none. */
export const toBasisPoints = (text: string) =>
  /^\s*\d+(\.\d{1,2})?\s*$/.test(text) ? Math.round(Number(text) * 100) : Number.NaN;

/** A coupon typed to last through `day` expires at the next day's start, UTC. */
const expiryOf = (day: string) => {
  const start = Date.parse(`${day}T00:00:00.000Z`);
  return Number.isNaN(start) ? "not a day" : new Date(start + DAY_MS).toISOString();
};

const blankOr = <T,>(text: string, read: (text: string) => T): T | null =>
  text.trim() === "" ? null : read(text);

/** The form's values as the API takes them (minor units, basis points), checked by its schema. */
export const couponFormSchema = (currency: string) =>
  z
    .object({
      code: z.string(),
      kind: z.enum(["percent", "amount"]),
      percent_bp: z.string(),
      amount_minor: z.string(),
      // A group of checkboxes reads as an array; a group of one as its value, or false.
      applies_to: z
        .union([z.array(z.string()), z.string(), z.boolean()])
        .transform((ticked) =>
          Array.isArray(ticked) ? ticked : typeof ticked === "string" ? [ticked] : [],
        ),
      duration: z.enum(["once", "repeating", "forever"]),
      duration_in_months: z.string(),
      expires_at: z.string(),
      max_redemptions: z.string(),
      max_per_company: z.string(),
      first_order_only: z.boolean(),
      min_order_minor: z.string(),
    })
    .transform((values) => ({
      code: values.code,
      kind: values.kind,
      percent_bp: values.kind === "percent" ? blankOr(values.percent_bp, toBasisPoints) : null,
      amount_minor:
        values.kind === "amount"
          ? blankOr(values.amount_minor, (text) => toMinor(text, currency))
          : null,
      applies_to: values.applies_to,
      duration: values.duration,
      duration_in_months:
        values.duration === "repeating" ? blankOr(values.duration_in_months, wholeNumber) : null,
      expires_at: blankOr(values.expires_at, expiryOf),
      max_redemptions: blankOr(values.max_redemptions, wholeNumber),
      max_per_company: blankOr(values.max_per_company, wholeNumber),
      first_order_only: values.first_order_only,
      min_order_minor: blankOr(values.min_order_minor, (text) => toMinor(text, currency)),
    }))
    // The schema's input takes its defaults as optional; what is sent gives every field.
    .pipe(couponInputSchema as z.ZodType<CouponFormInput, CouponFormInput>);

const couponValues = (coupon: ConsoleCoupon | null, currency: string): CouponValues => ({
  code: coupon?.code ?? "",
  kind: coupon?.kind ?? "percent",
  percent_bp: coupon?.percent_bp ? String(coupon.percent_bp / 100) : "",
  amount_minor: coupon?.amount_minor ? moneyField(coupon.amount_minor, currency) : "",
  applies_to: coupon?.applies_to ?? [],
  duration: coupon?.duration ?? "once",
  duration_in_months: coupon?.duration_in_months ? String(coupon.duration_in_months) : "",
  expires_at: coupon?.expires_at ? couponLastDay(coupon.expires_at) : "",
  max_redemptions: coupon?.max_redemptions ? String(coupon.max_redemptions) : "",
  max_per_company: coupon?.max_per_company ? String(coupon.max_per_company) : "",
  first_order_only: coupon?.first_order_only ?? false,
  min_order_minor:
    coupon?.min_order_minor !== null && coupon?.min_order_minor !== undefined
      ? moneyField(coupon.min_order_minor, currency)
      : "",
});

/**
 * What the form says of the coupon's typed numbers before its schema: text that is no number
 * (the schema would speak of NaN), and the percent, amount or months its choices ask for left
 * blank (the schema says so only once every field is right).
 */
const couponChecks = (currency: string) => ({
  percent_bp: (values: CouponValues) =>
    values.kind !== "percent"
      ? null
      : values.percent_bp.trim() === ""
        ? "Give the percent off"
        : Number.isNaN(toBasisPoints(values.percent_bp))
          ? "Give the percent as a number, like 20 or 12.5"
          : null,
  amount_minor: (values: CouponValues) =>
    values.kind !== "amount"
      ? null
      : values.amount_minor.trim() === ""
        ? "Give the amount off"
        : moneyCheck("amount_minor", currency)(values),
  duration_in_months: (values: CouponValues) =>
    values.duration !== "repeating"
      ? null
      : values.duration_in_months.trim() === ""
        ? "Give the months it lasts"
        : wholeCheck("duration_in_months", "months")(values),
  min_order_minor: moneyCheck("min_order_minor", currency, true),
  max_redemptions: wholeCheck("max_redemptions", "uses", true),
  max_per_company: wholeCheck("max_per_company", "uses", true),
});

/** A group of checkboxes, its legend, its hint and its error, the error tied to it. */
function CheckGroup({
  name,
  legend,
  hint,
  options,
}: {
  name: "applies_to";
  legend: string;
  hint: string;
  options: { value: string; label: string }[];
}) {
  const { registered, error } = useFormField(name);
  const describedBy = `${name}-note`;
  return (
    <fieldset aria-describedby={describedBy} className="space-y-2">
      <legend className="text-sm font-medium text-gray-900">{legend}</legend>
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        {options.map((option) => (
          <label key={option.value} className="flex items-center gap-2 text-sm text-gray-900">
            <input
              type="checkbox"
              value={option.value}
              className="size-4 accent-violet-600"
              aria-invalid={error ? true : undefined}
              {...registered}
            />
            {option.label}
          </label>
        ))}
      </div>
      <p
        id={describedBy}
        className={`text-sm ${error ? "font-medium text-red-700" : "text-gray-500"}`}
      >
        {error ?? hint}
      </p>
    </fieldset>
  );
}

/**
 * A coupon's form, new or changed: a percent or an amount off (typed in the currency, sent in
 * its minor unit), what it applies to (plans, packs and subscription plans; none ticked:
 * everything), how long it
 * lasts on a subscription, and its optional limits.
 */
export function CouponDialog({
  coupon,
  offer,
  onClose,
  onSaved,
}: {
  coupon: ConsoleCoupon | null;
  offer: ConsoleOffer;
  onClose: () => void;
  onSaved: (said: string) => void;
}) {
  const { currency } = offer;
  const save = useSaveCoupon(coupon?.id ?? null);
  const form = useForm<CouponValues, unknown, z.output<ReturnType<typeof couponFormSchema>>>({
    resolver: fieldResolver(couponFormSchema(currency), couponChecks(currency)),
    defaultValues: couponValues(coupon, currency),
  });
  const [kind, duration] = useWatch({ control: form.control, name: ["kind", "duration"] });
  const onSubmit = submitTo(form, save, {
    // A last day left as it was keeps the moment it expires (set through the API to the minute).
    body: (values) =>
      coupon?.expires_at && values.expires_at === expiryOf(couponLastDay(coupon.expires_at))
        ? { ...values, expires_at: coupon.expires_at }
        : values,
    fields: COUPON_FIELDS,
    said: (saved) => (coupon ? `Saved ${saved.code}.` : `Added ${saved.code}: it can be used now.`),
    failed: "The coupon was not saved. Please try again.",
    onSaved,
    onClose,
  });
  // What it may apply to: what is on sale, and what it named already.
  const products = [
    ...offer.plans
      .filter((plan) => plan.price_minor > 0)
      .map((plan) => ({ ...plan, label: `${plan.name} listings` })),
    ...offer.packs.map((pack) => ({ ...pack, label: pack.name })),
    ...offer.subscription_plans.map((plan) => ({
      ...plan,
      label: `${plan.name} subscription`,
    })),
  ]
    .filter((item) => !item.retired_at || coupon?.applies_to.includes(item.slug))
    .map((item) => ({
      value: item.slug,
      label: `${item.label}${item.retired_at ? " (retired)" : ""}`,
    }));

  return (
    <ConsoleFormDialog
      title={coupon ? `Edit ${coupon.code}` : "Add a coupon"}
      form={form}
      onSubmit={onSubmit}
      pending={save.isPending}
      onClose={onClose}
      submitLabel={coupon ? "Save coupon" : "Add coupon"}
    >
      <FormTextField
        name="code"
        label="Code"
        hint="What employers type: 3 to 32 letters, digits or dashes, like LAUNCH20. Read in any case."
        autoComplete="off"
        spellCheck={false}
        maxLength={32}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormSelectField
          name="kind"
          label="Discount"
          options={[
            { value: "percent", label: "A percent off" },
            { value: "amount", label: `An amount off (${currency.toUpperCase()})` },
          ]}
        />
        {kind === "percent" ? (
          <FormTextField
            name="percent_bp"
            label="Percent off"
            inputMode="decimal"
            hint="Like 20, or 12.5; up to 100."
            autoComplete="off"
          />
        ) : (
          <MoneyField
            name="amount_minor"
            label="Amount off"
            currency={currency}
            hint="Never more than the order."
          />
        )}
      </div>
      <CheckGroup
        name="applies_to"
        legend="Applies to"
        hint="None ticked: every plan, pack and subscription."
        options={products}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormSelectField
          name="duration"
          label="On a subscription"
          hint="Which periods' invoices a subscription's discount is on (a yearly period begun within the months is discounted whole). A listing or a pack is discounted once."
          options={[
            { value: "once", label: "The first period only" },
            { value: "repeating", label: "For some months" },
            { value: "forever", label: "Every period" },
          ]}
        />
        {duration === "repeating" && (
          <FormTextField
            name="duration_in_months"
            label="Months"
            inputMode="numeric"
            hint="1 to 36."
          />
        )}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormTextField
          name="expires_at"
          label="Last day (optional)"
          type="date"
          hint="It can be used until the end of this day (UTC)."
        />
        <MoneyField
          name="min_order_minor"
          label="Minimum order (optional)"
          currency={currency}
          hint="Before tax and the discount."
        />
        <FormTextField
          name="max_redemptions"
          label="Uses in all (optional)"
          inputMode="numeric"
          hint="Blank: no limit."
        />
        <FormTextField
          name="max_per_company"
          label="Uses by a company (optional)"
          inputMode="numeric"
          hint="Blank: no limit."
        />
      </div>
      <CheckField
        label="First order only"
        hint="For a company that has no invoice yet."
        registered={form.register("first_order_only")}
      />
    </ConsoleFormDialog>
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
  const subscriptions = offer.subscription_plans.filter(
    (entry) => entry.plan === plan.slug && !entry.retired_at,
  );
  const its = (count: number, noun: string) =>
    count === 0 ? [] : [count === 1 ? `its ${noun}` : `its ${count} ${noun}s`];
  return (
    <RetireDialog
      title={`Retire ${plan.name}?`}
      confirmLabel="Retire plan"
      retire={retire}
      onClose={onClose}
      onConfirm={() =>
        retire.mutate(
          { slug: plan.slug, retired: true },
          {
            onSuccess: ({ retired_packs, retired_subscription_plans }) => {
              const also = [
                ...its(retired_packs.length, "pack"),
                ...its(retired_subscription_plans.length, "subscription plan"),
              ];
              onDone(`Retired ${plan.name}${also.length ? `, and ${also.join(" and ")}` : ""}.`);
              onClose();
            },
          },
        )
      }
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
      {subscriptions.length > 0 && (
        <p className="mt-2">
          Its subscription plans on sale are retired with it:{" "}
          {subscriptions.map((entry) => entry.name).join(", ")}. Subscriptions running on them go
          on.
        </p>
      )}
    </RetireDialog>
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
    <RetireDialog
      title={`Retire ${pack.name}?`}
      confirmLabel="Retire pack"
      retire={retire}
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
    >
      <p>It leaves /pricing and billing. Credits already bought stay usable until they expire.</p>
    </RetireDialog>
  );
}

/** Asks before a subscription plan leaves the sale; running subscriptions on it go on. */
export function RetireSubscriptionPlanDialog({
  subscription,
  onClose,
  onDone,
}: {
  subscription: ConsoleSubscriptionPlan;
  onClose: () => void;
  onDone: (said: string) => void;
}) {
  const retire = useSetSubscriptionPlanRetired();
  return (
    <RetireDialog
      title={`Retire ${subscription.name}?`}
      confirmLabel="Retire subscription plan"
      retire={retire}
      onClose={onClose}
      onConfirm={() =>
        retire.mutate(
          { slug: subscription.slug, retired: true },
          {
            onSuccess: () => {
              onDone(`Retired ${subscription.name}.`);
              onClose();
            },
          },
        )
      }
    >
      <p>
        It leaves /pricing and billing: no one can subscribe to it. Subscriptions on it now go on,
        renewing each period, until they are canceled.
      </p>
    </RetireDialog>
  );
}

/** Asks before a coupon is retired: for good, unlike a plan or a pack. */
export function RetireCouponDialog({
  coupon,
  onClose,
  onDone,
}: {
  coupon: ConsoleCoupon;
  onClose: () => void;
  onDone: (said: string) => void;
}) {
  const retire = useRetireCoupon();
  return (
    <RetireDialog
      title={`Retire ${coupon.code}?`}
      confirmLabel="Retire coupon"
      cancelLabel="Keep it"
      retire={retire}
      onClose={onClose}
      onConfirm={() =>
        retire.mutate(
          { id: coupon.id },
          {
            onSuccess: () => {
              onDone(`Retired ${coupon.code}.`);
              onClose();
            },
          },
        )
      }
    >
      <p>
        Nobody can use it from now on, and it cannot be put back: add a new code instead. Invoices
        that have it keep their discount.
      </p>
    </RetireDialog>
  );
}
