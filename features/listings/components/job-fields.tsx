import { FormSection } from "@/components/ui/form-controls";
import { FormMarkdownField, FormSelectField, FormTextField } from "@/components/ui/form-fields";
import { DESCRIPTION_LIMITS, SALARY_CURRENCIES } from "@/features/listings/submission-schemas";
import { SALARY_PERIODS } from "@/features/jobs/pay";
import { DEPARTMENTS, JOB_TYPES, REGIONS, type TaxonomyEntry } from "@/lib/taxonomy";

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
 * The job's fields, as /submit and a listing's edit form both ask for them: inside a form
 * whose values hold them under `job` (react-hook-form's FormProvider).
 */
/** How the pay's period reads in the form: "per year". */
const PERIOD_LABELS = { year: "Year", month: "Month", hour: "Hour" } as const;

export function JobFields({ lead }: { lead?: string }) {
  return (
    <FormSection title="The job" lead={lead}>
      <FormTextField
        label="Job title"
        placeholder="Creator Partnerships Manager"
        name="job.title"
      />
      <div className="grid gap-5 sm:grid-cols-3">
        <FormSelectField
          label="Department"
          options={choices(DEPARTMENTS, "Choose a department")}
          name="job.department"
        />
        <FormSelectField
          label="Region"
          options={choices(REGIONS, "Choose a region")}
          name="job.region"
        />
        <FormSelectField
          label="Type"
          options={choices(JOB_TYPES, "Choose a type")}
          name="job.type"
        />
      </div>
      <FormTextField
        label="Location"
        placeholder="Remote (US time zones), or London, UK"
        name="job.location"
      />
      <fieldset>
        <legend className="text-sm font-medium text-gray-900">Pay</legend>
        <p className="mt-1 text-sm text-gray-500">
          Optional, but listings with pay get more applicants.
        </p>
        <div className="mt-1 grid grid-cols-2 gap-5 sm:grid-cols-[1fr_1fr_7rem_8rem]">
          <FormTextField
            label="From"
            inputMode="numeric"
            placeholder="60000"
            name="job.salary_min"
          />
          <FormTextField label="To" inputMode="numeric" placeholder="80000" name="job.salary_max" />
          <FormSelectField
            label="Currency"
            options={SALARY_CURRENCIES.map((currency) => ({
              value: currency,
              label: currency,
            }))}
            name="job.salary_currency"
          />
          <FormSelectField
            label="Per"
            options={SALARY_PERIODS.map((period) => ({
              value: period,
              label: PERIOD_LABELS[period],
            }))}
            name="job.salary_period"
          />
        </div>
      </fieldset>
      <FormMarkdownField
        name="job.description"
        label="Description"
        hint={`Markdown: ## headings, **bold**, - lists and [links](https://…). At least ${DESCRIPTION_LIMITS.min} characters.`}
        placeholder={DESCRIPTION_PLACEHOLDER}
      />
    </FormSection>
  );
}
