import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { useGoogleReCaptcha } from "react-google-recaptcha-v3";
import { Controller, useForm, useWatch, type Resolver } from "react-hook-form";
import {
  FormSection,
  primaryButtonClass,
  SelectField,
  TextAreaField,
  TextField,
} from "@/components/ui/form-controls";
import type { ApiAnswer } from "@/lib/api/operations";
import { apiClient } from "@/lib/api-client";
import { publicEnv } from "@/lib/public-env";
import { useAuth } from "@/lib/auth/auth-context";
import { signInErrorMessage } from "@/lib/auth/firebase-client";
import { showServerFieldErrors } from "@/lib/form-errors";
import { formatPlanPrice, listingPlan, LISTING_PLANS, type ListingPlanId } from "@/lib/pricing";
import { routes } from "@/lib/routes";
import {
  DESCRIPTION_LIMITS,
  jobSubmissionSchema,
  RECAPTCHA_SUBMIT_ACTION,
  SALARY_CURRENCIES,
  type JobSubmission,
} from "@/lib/schemas/job-submission";
import { DEPARTMENTS, JOB_TYPES, REGIONS, type TaxonomyEntry } from "@/lib/taxonomy";
import { ListingPreview } from "./listing-preview";
import { MarkdownField } from "./markdown-field";
import { PlanPicker } from "./plan-picker";
import {
  emptySubmission,
  SUBMISSION_FIELDS,
  type SubmissionFormValues,
} from "./submission-form-values";
import { Submitted } from "./submitted";

const choices = (entries: readonly TaxonomyEntry[], placeholder: string) => [
  { value: "", label: placeholder },
  ...entries.map((entry) => ({ value: entry.slug, label: entry.label })),
];

const DESCRIPTION_PLACEHOLDER = `## About the role
What the person will do, and who they will work with.

## What you bring
- Experience with creator partnerships
- …

## Pay and benefits`;

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
function problemOf(error: unknown): string {
  const message = (error as { error?: unknown } | null)?.error;
  return typeof message === "string" ? message : "Your listing was not sent. Please try again.";
}

/**
 * /submit: company, job and plan in one form, checked as the employer goes by the schema the
 * API uses, with the listing previewed beside it. Sending asks a signed-out employer to sign
 * in with Google first (their listings are then theirs to follow), gets an invisible
 * reCAPTCHA token, and goes on to Stripe Checkout when the plan is paid and payment is online.
 */
export function SubmitForm({ initialPlan }: { initialPlan: ListingPlanId }) {
  const { status, signIn } = useAuth();
  const { executeRecaptcha } = useGoogleReCaptcha();
  const [problem, setProblem] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: (submission: JobSubmission) =>
      apiClient.post<ApiAnswer<"submitListing">>("/submissions", submission),
  });

  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SubmissionFormValues, unknown, JobSubmission>({
    defaultValues: emptySubmission(initialPlan),
    // One schema for the form and the API (lib/schemas/job-submission.ts).
    resolver: zodResolver(jobSubmissionSchema) as unknown as Resolver<
      SubmissionFormValues,
      unknown,
      JobSubmission
    >,
    mode: "onTouched",
    shouldFocusError: true,
  });
  const values = useWatch({ control }) as SubmissionFormValues;
  const plan = listingPlan(values.plan) ?? LISTING_PLANS[0]!;

  if (send.data) return <Submitted receipt={send.data} plan={plan} />;

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
      const receipt = await send.mutateAsync({ ...submission, recaptcha_token: recaptchaToken });
      if (receipt.checkout_url) window.location.assign(receipt.checkout_url);
    } catch (error) {
      if (!showServerFieldErrors(error, setError, SUBMISSION_FIELDS)) setProblem(problemOf(error));
    }
  });

  const busy = isSubmitting || send.isPending;
  const signedOut = status !== "signed-in";
  const action =
    plan.price === 0 ? "Submit for review" : `Submit and pay ${formatPlanPrice(plan.price)}`;

  return (
    <form
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
                value={field.value}
                onChange={field.onChange}
                error={errors.plan?.message}
              />
            )}
          />
        </FormSection>

        <FormSection title="Company" lead="Shown with the job, so candidates know who is hiring.">
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              label="Company name"
              autoComplete="organization"
              error={errors.company?.name?.message}
              {...register("company.name")}
            />
            <TextField
              label="Website"
              type="url"
              inputMode="url"
              placeholder="https://"
              error={errors.company?.website?.message}
              {...register("company.website")}
            />
          </div>
          <TextField
            label="Logo URL"
            type="url"
            inputMode="url"
            placeholder="https://"
            hint="Optional. A square image works best."
            error={errors.company?.logo_url?.message}
            {...register("company.logo_url")}
          />
          <TextAreaField
            label="About the company"
            rows={3}
            hint="Optional. One or two sentences."
            error={errors.company?.about?.message}
            {...register("company.about")}
          />
        </FormSection>

        <FormSection title="The job">
          <TextField
            label="Job title"
            placeholder="Creator Partnerships Manager"
            error={errors.job?.title?.message}
            {...register("job.title")}
          />
          <div className="grid gap-5 sm:grid-cols-3">
            <SelectField
              label="Department"
              options={choices(DEPARTMENTS, "Choose a department")}
              error={errors.job?.department?.message}
              {...register("job.department")}
            />
            <SelectField
              label="Region"
              options={choices(REGIONS, "Choose a region")}
              error={errors.job?.region?.message}
              {...register("job.region")}
            />
            <SelectField
              label="Type"
              options={choices(JOB_TYPES, "Choose a type")}
              error={errors.job?.type?.message}
              {...register("job.type")}
            />
          </div>
          <TextField
            label="Location"
            placeholder="Remote (US time zones), or London, UK"
            error={errors.job?.location?.message}
            {...register("job.location")}
          />
          <fieldset>
            <legend className="text-sm font-medium text-gray-900">Yearly pay</legend>
            <p className="mt-1 text-sm text-gray-500">
              Optional, but listings with pay get more applicants.
            </p>
            <div className="mt-1 grid gap-5 sm:grid-cols-[1fr_1fr_8rem]">
              <TextField
                label="From"
                inputMode="numeric"
                placeholder="60000"
                error={errors.job?.salary_min?.message}
                {...register("job.salary_min")}
              />
              <TextField
                label="To"
                inputMode="numeric"
                placeholder="80000"
                error={errors.job?.salary_max?.message}
                {...register("job.salary_max")}
              />
              <SelectField
                label="Currency"
                options={SALARY_CURRENCIES.map((currency) => ({
                  value: currency,
                  label: currency,
                }))}
                error={errors.job?.salary_currency?.message}
                {...register("job.salary_currency")}
              />
            </div>
          </fieldset>
          <MarkdownField
            label="Description"
            hint={`Markdown: ## headings, **bold**, - lists and [links](https://…). At least ${DESCRIPTION_LIMITS.min} characters.`}
            placeholder={DESCRIPTION_PLACEHOLDER}
            markdown={values.job.description}
            error={errors.job?.description?.message}
            {...register("job.description")}
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              label="Apply URL"
              type="url"
              inputMode="url"
              placeholder="https://"
              hint="Where candidates apply. Give this or an email address."
              error={errors.job?.apply_url?.message}
              {...register("job.apply_url")}
            />
            <TextField
              label="Apply email"
              type="email"
              autoComplete="email"
              placeholder="jobs@company.com"
              error={errors.job?.apply_email?.message}
              {...register("job.apply_email")}
            />
          </div>
        </FormSection>
      </div>

      <aside className="space-y-4 lg:sticky lg:top-6 lg:self-start">
        <ListingPreview values={values} plan={plan} />
        <div className="rounded-xl bg-white p-4 ring-1 ring-gray-200">
          {signedOut && (
            <p className="mb-3 text-sm text-gray-600">
              You will sign in with Google when you submit, so you can follow your listing.
            </p>
          )}
          <button
            type="submit"
            aria-disabled={busy}
            className={`${primaryButtonClass} w-full`}
            onClick={(event) => busy && event.preventDefault()}
          >
            {busy ? "Sending…" : action}
          </button>
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
        </div>
      </aside>
    </form>
  );
}
