import { useFormContext, useWatch } from "react-hook-form";
import { FormSection, SelectField, TextField } from "@/components/ui/form-controls";
import { DESCRIPTION_LIMITS, SALARY_CURRENCIES } from "@/lib/schemas/job-submission";
import { DEPARTMENTS, JOB_TYPES, REGIONS, type TaxonomyEntry } from "@/lib/taxonomy";
import { MarkdownField } from "./markdown-field";
import type { JobFormValues } from "./submission-form-values";

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
export function JobFields({ lead }: { lead?: string }) {
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<{ job: JobFormValues }>();
  const description = useWatch({ control, name: "job.description" });
  return (
    <FormSection title="The job" lead={lead}>
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
        markdown={description}
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
  );
}
