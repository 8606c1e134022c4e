import {
  Checkbox,
  Description,
  Field,
  Fieldset,
  Label,
  Legend,
  Radio,
  RadioGroup,
  Select,
} from "@headlessui/react";
import { CheckIcon } from "@heroicons/react/16/solid";
import { useEffect, useState, useSyncExternalStore } from "react";
import { Controller, useForm, useWatch, type Control } from "react-hook-form";
import { FormSection, ToggleField } from "@/components/ui/form-controls";
import { GatedForm, SubmitButton } from "@/components/ui/gated-form";
import { useUpdatePreferences } from "@/features/account/hooks/use-preferences";
import { ALERT_FREQUENCIES } from "@/features/account/constants";
import { type Preferences } from "@/features/account/types";
import { showServerFieldErrors } from "@/lib/form-errors";
import { formatSalaryFloor } from "@/lib/format";
import { SALARY_FLOORS } from "@/features/jobs/filters";
import { DEPARTMENTS, JOB_TYPES, REGIONS, type TaxonomyEntry } from "@/lib/taxonomy";

const FIELDS = [
  "departments",
  "regions",
  "types",
  "salary_min",
  "remote_only",
  "alert_frequency",
] as const;

type ListField = "departments" | "regions" | "types";

/** Tick boxes for the entries of one taxonomy; none ticked means "any". */
function ChoiceList({
  control,
  name,
  legend,
  entries,
  disabled = false,
}: {
  control: Control<Preferences>;
  name: ListField;
  legend: string;
  entries: readonly TaxonomyEntry[];
  disabled?: boolean;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Fieldset disabled={disabled} className="data-disabled:opacity-50">
          <Legend className="text-sm font-medium text-gray-900">{legend}</Legend>
          <p className="mt-1 text-sm text-gray-500">Leave all unticked for any.</p>
          <div className="mt-3 grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {entries.map((entry) => (
              <Field key={entry.slug} className="flex items-center gap-2">
                <Checkbox
                  checked={field.value.includes(entry.slug)}
                  onChange={(checked) =>
                    field.onChange(
                      checked
                        ? [...field.value, entry.slug]
                        : field.value.filter((slug) => slug !== entry.slug),
                    )
                  }
                  className="group flex size-5 shrink-0 cursor-pointer items-center justify-center rounded-sm bg-white ring-1 ring-gray-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600 data-checked:bg-violet-600 data-checked:ring-violet-600"
                >
                  <CheckIcon
                    aria-hidden="true"
                    className="hidden size-4 text-white group-data-checked:block"
                  />
                </Checkbox>
                <Label className="cursor-pointer text-sm text-gray-700">{entry.label}</Label>
              </Field>
            ))}
          </div>
          {fieldState.error && (
            <p className="mt-2 text-sm font-medium text-red-700">{fieldState.error.message}</p>
          )}
        </Fieldset>
      )}
    />
  );
}

/** The browser's IANA time zone, or null where it does not say (an old browser). */
function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

const unchanging = () => () => undefined;

/**
 * The browser's time zone; null in a server render, which cannot know it (so the browser's
 * first render matches the server's, then shows the zone).
 */
const useBrowserTimeZone = () => useSyncExternalStore(unchanging, browserTimeZone, () => null);

/** What the candidate is looking for: it picks their /jobs list and their job alerts. */
export function PreferencesForm({ preferences }: { preferences: Preferences }) {
  const update = useUpdatePreferences();
  const [saved, setSaved] = useState(false);
  const {
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm<Preferences>({ defaultValues: preferences });

  useEffect(() => reset(preferences), [preferences, reset]);
  const remoteOnly = useWatch({ control, name: "remote_only" });

  const timeZone = useBrowserTimeZone();

  const onSubmit = handleSubmit((values) => {
    setSaved(false);
    // Alerts go out at 8:00 where the candidate is: the browser knows where that is.
    update.mutate(timeZone ? { ...values, time_zone: timeZone } : values, {
      onSuccess: () => setSaved(true),
      onError: (error) => showServerFieldErrors(error, setError, FIELDS),
    });
  });

  return (
    <GatedForm onSubmit={onSubmit} noValidate className="space-y-6">
      <FormSection title="Roles" lead="The kinds of work you want.">
        <ChoiceList
          control={control}
          name="departments"
          legend="Departments"
          entries={DEPARTMENTS}
        />
        <ChoiceList control={control} name="types" legend="Job types" entries={JOB_TYPES} />
      </FormSection>

      <FormSection title="Location">
        <Controller
          control={control}
          name="remote_only"
          render={({ field, fieldState }) => (
            <ToggleField
              label="Remote only"
              hint="Only show jobs you can do from anywhere."
              checked={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message}
            />
          )}
        />
        <ChoiceList
          control={control}
          name="regions"
          legend="Regions"
          entries={REGIONS}
          disabled={remoteOnly}
        />
      </FormSection>

      <FormSection title="Pay">
        <Controller
          control={control}
          name="salary_min"
          render={({ field, fieldState }) => (
            <Field>
              <Label className="block text-sm font-medium text-gray-900">Salary floor</Label>
              <Select
                value={field.value ?? ""}
                onChange={(event) =>
                  field.onChange(event.target.value === "" ? null : Number(event.target.value))
                }
                invalid={Boolean(fieldState.error)}
                className="mt-2 block w-full max-w-xs rounded-lg bg-white px-3 py-2 text-base text-gray-900 outline-1 -outline-offset-1 outline-gray-300 focus:outline-2 focus:-outline-offset-2 focus:outline-violet-600 sm:text-sm"
              >
                <option value="">Any pay</option>
                {SALARY_FLOORS.map((floor) => (
                  <option key={floor} value={floor}>
                    {formatSalaryFloor(floor)} a year
                  </option>
                ))}
              </Select>
              <Description
                className={`mt-1.5 text-sm ${fieldState.error ? "font-medium text-red-700" : "text-gray-500"}`}
              >
                {fieldState.error?.message ?? "Jobs that do not disclose pay are left out."}
              </Description>
            </Field>
          )}
        />
      </FormSection>

      <FormSection
        title="Job alerts"
        lead={`New jobs that match these preferences, by email, around 8:00 in your time zone${timeZone ? ` (${timeZone.replaceAll("_", " ")})` : ""}; weekly ones on Mondays.`}
      >
        <Controller
          control={control}
          name="alert_frequency"
          render={({ field, fieldState }) => (
            <RadioGroup
              value={field.value}
              onChange={field.onChange}
              aria-label="How often to email job alerts"
              className="flex flex-wrap gap-3"
            >
              {ALERT_FREQUENCIES.map((frequency) => (
                <Field key={frequency.slug} className="flex items-center gap-2">
                  <Radio
                    value={frequency.slug}
                    className="group flex size-5 cursor-pointer items-center justify-center rounded-full bg-white ring-1 ring-gray-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600 data-checked:bg-violet-600 data-checked:ring-violet-600"
                  >
                    <span className="invisible size-2 rounded-full bg-white group-data-checked:visible" />
                  </Radio>
                  <Label className="cursor-pointer text-sm text-gray-700">{frequency.label}</Label>
                </Field>
              ))}
              {fieldState.error && (
                <p className="w-full text-sm font-medium text-red-700">
                  {fieldState.error.message}
                </p>
              )}
            </RadioGroup>
          )}
        />
      </FormSection>

      <div className="flex items-center justify-end gap-4">
        <p role="status" className="text-sm text-gray-600">
          {errors.root?.server?.message ?? (saved && !isDirty ? "Your preferences are saved." : "")}
        </p>
        <SubmitButton disabled={update.isPending}>
          {update.isPending ? "Saving…" : "Save preferences"}
        </SubmitButton>
      </div>
    </GatedForm>
  );
}
