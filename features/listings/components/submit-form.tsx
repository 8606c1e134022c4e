import { zodResolver } from "@hookform/resolvers/zod";
import { Link } from "@/components/ui/link";
import { useEffect, useState } from "react";
import { useGoogleReCaptcha } from "react-google-recaptcha-v3";
import { Controller, FormProvider, useForm, useWatch, type Resolver } from "react-hook-form";
import { CreditChoice } from "@/features/billing/components/credit-choice";
import { CouponField } from "@/features/billing/components/coupon-field";
import { useCouponQuote } from "@/features/billing/hooks/use-coupon-quote";
import { hasFieldErrors } from "@/lib/error-toast";
import { FormSection } from "@/components/ui/form-controls";
import { FormTextAreaField, FormTextField } from "@/components/ui/form-fields";
import { GatedForm, SubmitButton } from "@/components/ui/gated-form";
import { useCreditBalanceOnce } from "@/features/billing/hooks/use-credit-balance-once";
import { useOwnCompanyOnce } from "@/features/companies/hooks/use-own-company-once";
import { useSubmitListing } from "@/features/listings/hooks/use-submit-listing";
import { publicEnv } from "@/lib/public-env";
import { useAuth } from "@/lib/auth/auth-context";
import { signInErrorMessage } from "@/lib/auth/firebase-client";
import { serverMessage, showServerFieldErrors } from "@/lib/form-errors";
import {
  basePlan,
  formatAmount,
  formatPlanPrice,
  plansOnSale,
  type ListingPlanId,
  type Offer,
} from "@/features/billing/offer";
import { routes } from "@/lib/routes";
import {
  jobSubmissionSchema,
  RECAPTCHA_SUBMIT_ACTION,
  type JobSubmission,
} from "@/features/listings/submission-schemas";
import { ApplyFields } from "./apply-fields";
import { JobFields } from "./job-fields";
import { ListingPreview } from "./listing-preview";
import { PlaceFields } from "./place-fields";
import { PlanPicker } from "./plan-picker";
import {
  emptySubmission,
  SUBMISSION_FIELDS,
  type SubmissionFormValues,
} from "./submission-form-values";
import { Submitted } from "./submitted";

/**
 * The invisible reCAPTCHA token for this submission, or none: without a site key (there is no
 * provider then, and the library's stand-in throws), or while its script has not loaded. The
 * server decides whether it needs one.
 */
async function botCheckToken(
  execute: ((action: string) => Promise<string>) | undefined,
): Promise<string | undefined> {
  if (!publicEnv.recaptchaSiteKey || !execute) return undefined;
  try {
    return await execute(RECAPTCHA_SUBMIT_ACTION);
  } catch (error) {
    console.warn("reCAPTCHA gave no token", error);
    return undefined;
  }
}

/** What went wrong that no one field can show: said by the server, or by the sign-in popup. */
const problemOf = (error: unknown) =>
  serverMessage(error, "Your listing was not sent. Please try again.");

/**
 * /submit: company, job and plan in one form, checked as the employer goes by the schema the
 * API uses, with the listing previewed beside it. Sending asks a signed-out employer to sign
 * in with Google first (their listings are then theirs to follow), gets an invisible
 * reCAPTCHA token, and goes on to Stripe Checkout when the plan is paid and payment is online.
 * A signed-in employer whose company holds a credit of the paid plan chosen may spend it instead
 * (issue 45); until that choice shows, or without one, the listing is paid for.
 */
export function SubmitForm({ initialPlan, offer }: { initialPlan: ListingPlanId; offer: Offer }) {
  const { status, signIn } = useAuth();
  const { executeRecaptcha } = useGoogleReCaptcha();
  const [problem, setProblem] = useState<string | null>(null);
  const send = useSubmitListing();

  const form = useForm<SubmissionFormValues, unknown, JobSubmission>({
    defaultValues: emptySubmission(initialPlan),
    // One schema for the form and the API (features/listings/submission-schemas.ts).
    resolver: zodResolver(jobSubmissionSchema) as unknown as Resolver<
      SubmissionFormValues,
      unknown,
      JobSubmission
    >,
    mode: "onTouched",
    shouldFocusError: true,
  });
  const {
    control,
    handleSubmit,
    setError,
    getValues,
    setValue,
    formState: { errors, isSubmitting },
  } = form;

  // A returning employer's company, as the board has it (issue 61): each field they have not
  // typed in yet. Changes made here still reach their other listings once this one is approved.
  const company = useOwnCompanyOnce();
  useEffect(() => {
    if (!company) return;
    const fill = (field: "name" | "website" | "about", value: string | null) => {
      if (value && getValues(`company.${field}`) === "") setValue(`company.${field}`, value);
    };
    fill("name", company.name);
    fill("website", company.website);
    fill("about", company.about);
  }, [company, getValues, setValue]);
  const values = useWatch({ control }) as SubmissionFormValues;
  const plan = plansOnSale(offer).find((each) => each.id === values.plan) ?? basePlan(offer);
  const paid = plan.price_minor > 0;
  const { data: balance, refetch: recount } = useCreditBalanceOnce(status === "signed-in" && paid);
  const creditsLeft = paid && balance ? (balance.by_plan[plan.id] ?? 0) : 0;
  const [useCredit, setUseCredit] = useState(true);
  const spending = creditsLeft > 0 && useCredit;
  // A coupon code (issue 63), for a paid plan no credit pays: its discount quoted as it is typed.
  const [coupon, setCoupon] = useState("");
  const couponOn = paid && !spending;
  const quoted = useCouponQuote(coupon, { kind: "plan", slug: plan.id }, couponOn);
  const couponError =
    send.isError && hasFieldErrors(send.error) ? send.error.errors.coupon?.[0] : undefined;

  if (send.data) return <Submitted receipt={send.data} plan={plan} usedCredit={spending} />;

  const onSubmit = handleSubmit(async (submission) => {
    setProblem(null);
    if (status !== "signed-in") {
      try {
        if (!(await signIn("google"))) return;
      } catch (error) {
        setProblem(signInErrorMessage(error));
        return;
      }
    }
    const recaptchaToken = await botCheckToken(executeRecaptcha);
    try {
      const receipt = await send.mutateAsync({
        ...submission,
        recaptcha_token: recaptchaToken,
        ...(creditsLeft > 0 ? { use_credit: useCredit } : {}),
        ...(couponOn && coupon.trim() ? { coupon: coupon.trim() } : {}),
      });
      if (receipt.checkout_url) window.location.assign(receipt.checkout_url);
    } catch (error) {
      // A refused coupon code is said under its field.
      const onCoupon = hasFieldErrors(error) && error.errors.coupon !== undefined;
      if (!showServerFieldErrors(error, setError, SUBMISSION_FIELDS) && !onCoupon) {
        setProblem(problemOf(error));
      }
      // A credit spent meanwhile (409): the choice shows what is left.
      if (creditsLeft > 0) void recount();
    }
  });

  const busy = isSubmitting || send.isPending;
  const signedOut = status !== "signed-in";
  const price =
    couponOn && quoted.quote
      ? formatAmount(quoted.quote.total_minor, quoted.quote.currency)
      : formatPlanPrice(offer, plan);
  let action = `Submit and pay ${price}`;
  if (!paid) action = "Submit for review";
  else if (spending) action = "Submit and use a credit";

  return (
    <FormProvider {...form}>
      <GatedForm
        onSubmit={onSubmit}
        noValidate
        aria-label="Post a job"
        className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]"
      >
        <div className="space-y-6">
          <FormSection title="Plan" lead="Every plan is reviewed by a person before it goes live.">
            <Controller
              control={control}
              name="plan"
              render={({ field }) => (
                <PlanPicker
                  offer={offer}
                  value={field.value}
                  onChange={field.onChange}
                  error={errors.plan?.message}
                />
              )}
            />
          </FormSection>

          <FormSection
            title="Company"
            lead="Shown with the job, so candidates know who is hiring. Add your logo on your company profile once you have posted. Posted before? Changes here reach your other listings when this one is approved."
          >
            <div className="grid gap-5 sm:grid-cols-2">
              <FormTextField label="Company name" autoComplete="organization" name="company.name" />
              <FormTextField
                label="Website"
                type="url"
                inputMode="url"
                placeholder="https://"
                name="company.website"
              />
            </div>
            <FormTextAreaField
              label="About the company"
              rows={3}
              hint="Optional. One or two sentences."
              name="company.about"
            />
          </FormSection>

          <JobFields />
          <PlaceFields />
          <ApplyFields />
        </div>

        <aside className="space-y-4 lg:sticky lg:top-6 lg:self-start">
          <ListingPreview
            values={values}
            plan={plan}
            offer={offer}
            usingCredit={spending}
            quote={couponOn ? quoted.quote : null}
          />
          <div className="rounded-xl bg-white p-4 ring-1 ring-gray-200">
            {signedOut && (
              <p className="mb-3 text-sm text-gray-600">
                You will sign in with Google when you submit, so you can follow your listing.
              </p>
            )}
            <SubmitButton busy={busy} className="w-full">
              {busy ? "Sending…" : action}
            </SubmitButton>
            <p aria-live="polite" role="status" className="mt-3 text-sm font-medium text-red-700">
              {problem ?? (Object.keys(errors).length > 0 ? "Check the fields marked in red." : "")}
            </p>
            <p className="mt-2 text-xs text-gray-500">
              By submitting you agree to the{" "}
              <Link href={routes.legal.tosEmployers} className="underline">
                terms for employers
              </Link>
              . Your listings:{" "}
              <Link href={routes.listings} className="underline">
                see where each stands
              </Link>
              .
            </p>
            {couponOn && (
              <div className="mt-4 border-t border-gray-100 pt-4">
                <CouponField
                  name="coupon"
                  value={coupon}
                  onChange={(code) => {
                    setCoupon(code);
                    send.reset();
                  }}
                  quoted={quoted}
                  error={couponError}
                />
              </div>
            )}
            {/* Last in the card: it shows once the balance has come, and moves nothing. */}
            {creditsLeft > 0 && (
              <div className="mt-4 border-t border-gray-100 pt-4">
                <CreditChoice
                  name="use_credit"
                  left={creditsLeft}
                  price={formatPlanPrice(offer, plan)}
                  useCredit={useCredit}
                  onChange={setUseCredit}
                />
              </div>
            )}
          </div>
        </aside>
      </GatedForm>
    </FormProvider>
  );
}
