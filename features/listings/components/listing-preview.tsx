import { JobCardFrame } from "@/features/jobs/components/job-card";
import type { JobSummary } from "@/features/jobs/types";
import { salarySchema } from "@/features/listings/submission-schemas";
import {
  formatAmount,
  formatPlanPrice,
  type ListingPlan,
  type Offer,
} from "@/features/billing/offer";
import type { CouponQuote } from "@/features/billing/api-schemas";
import { SALARY_PERIODS, type SalaryPeriod } from "@/features/jobs/pay";
import type { SubmissionFormValues } from "./submission-form-values";

/** Pay as typed, by the form's own rule; null while it is blank or not yet valid. */
const amount = (text: string): number | null => {
  const parsed = salarySchema.safeParse(text);
  return parsed.success ? parsed.data : null;
};

/** The listing as the employer has typed it so far, in the shape lists show. */
function draftJob(values: SubmissionFormValues, plan: ListingPlan): JobSummary {
  const company = values.company.name.trim() || "Your company";
  return {
    id: 0,
    slug: "",
    title: values.job.title.trim() || "Job title",
    // The slug is made on the server (lib/server/slug.ts); the draft's mark takes its colour
    // from the name instead.
    company: { name: company, slug: company, logo_url: null },
    department: values.job.department,
    region: values.job.region,
    type: values.job.type,
    location: values.job.location.trim() || "Location",
    salary_min: amount(values.job.salary_min),
    salary_max: amount(values.job.salary_max),
    salary_currency: values.job.salary_currency,
    salary_period: (SALARY_PERIODS as readonly string[]).includes(values.job.salary_period)
      ? (values.job.salary_period as SalaryPeriod)
      : "year",
    sponsored: plan.sponsored,
    published_at: new Date().toISOString(),
  };
}

/**
 * The card the listing will be in lists, with what the chosen plan costs: nothing to pay when
 * one of the company's credits pays for it (issue 61: it said the plan's price all the same),
 * and with a coupon code quoted (issue 63) the price after its discount, as the server quoted it.
 */
export function ListingPreview({
  values,
  plan,
  offer,
  usingCredit = false,
  quote = null,
}: {
  values: SubmissionFormValues;
  plan: ListingPlan;
  offer: Offer;
  /** One of the company's credits of the plan pays for the listing. */
  usingCredit?: boolean;
  /** The quote of the coupon code typed for it (none while a credit pays). */
  quote?: CouponQuote | null;
}) {
  const job = draftJob(values, plan);
  const coupon = usingCredit ? null : quote;
  let toPay = formatPlanPrice(offer, plan);
  if (usingCredit) toPay = formatAmount(0, offer.currency);
  else if (coupon) toPay = formatAmount(coupon.total_minor, coupon.currency);
  return (
    <section aria-labelledby="listing-preview" className="space-y-4">
      <div>
        <h2 id="listing-preview" className="text-base font-semibold text-gray-900">
          Listing preview
        </h2>
        <p className="mt-1 text-sm text-gray-600">How your job will look in lists.</p>
      </div>
      <div aria-hidden="true" className="pointer-events-none">
        <JobCardFrame job={job} title={job.title} />
      </div>
      <div className="rounded-xl bg-white p-4 text-sm ring-1 ring-gray-200">
        <dl>
          <div className="flex justify-between gap-4">
            <dt className="text-gray-600">Plan</dt>
            <dd className="font-medium text-gray-900">
              {plan.name}, {plan.days} days
            </dd>
          </div>
          {coupon && (
            <div className="mt-2 flex justify-between gap-4">
              <dt className="text-gray-600">Coupon {coupon.code}</dt>
              <dd className="font-medium text-gray-900">
                −{formatAmount(coupon.discount_minor, coupon.currency)}
              </dd>
            </div>
          )}
          <div className="mt-2 flex justify-between gap-4 border-t border-gray-100 pt-2">
            <dt className="text-gray-600">To pay</dt>
            <dd className="font-semibold text-gray-900">{toPay}</dd>
          </div>
          {usingCredit && (
            <div className="mt-2 flex justify-between gap-4">
              <dt className="text-gray-600">Paid with</dt>
              <dd className="font-medium text-gray-900">1 {plan.name} credit</dd>
            </div>
          )}
        </dl>
        <p className="mt-3 text-xs text-gray-500">
          {plan.price_minor === 0
            ? "Free listings go live once a person has reviewed them, usually within one working day."
            : usingCredit
              ? "A credit pays for this listing: it goes to review as soon as you submit. The plan's days start when it goes live."
              : "Paid listings go to review once paid. The plan's days start when it goes live."}
        </p>
      </div>
    </section>
  );
}
