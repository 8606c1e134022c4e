import {
  Combobox,
  ComboboxButton,
  ComboboxInput,
  ComboboxOption,
  ComboboxOptions,
  Description,
  Field,
  Label,
} from "@headlessui/react";
import { useMemo, useState } from "react";
import { useFormContext, useFormState, useWatch, get } from "react-hook-form";
import { FormSection } from "@/components/ui/form-controls";
import { FormSelectField, FormTextField } from "@/components/ui/form-fields";
import { useHydrated } from "@/hooks/use-hydrated";
import { countryCodes, countryName, LOCATION_REGIONS } from "@/lib/locations";
import { isRemoteJob } from "@/lib/remote-job";

/** A choice of the remote picker: a named region (a set of countries) or one country. */
type Pick = { key: string; label: string; kind: "Region" | "Country"; countries: string[] };

function allPicks(): Pick[] {
  const regions = LOCATION_REGIONS.map((region) => ({
    key: `region:${region.id}`,
    label: region.label,
    kind: "Region" as const,
    countries: [...region.countries],
  }));
  const countries = countryCodes()
    .map((code) => ({
      key: `country:${code}`,
      label: countryName(code),
      kind: "Country" as const,
      countries: [code],
    }))
    .sort((a, b) => a.label.localeCompare(b.label, "en"));
  return [...regions, ...countries];
}

/** The countries the picks stand for: none (anywhere) once Worldwide is among them. */
const countriesOf = (picks: readonly Pick[]) =>
  picks.some((pick) => pick.key === "region:worldwide")
    ? []
    : [...new Set(picks.flatMap((pick) => pick.countries))].sort();

/**
 * The picks a stored set of countries shows as: Worldwide for none; else the largest named
 * regions wholly inside it (each adding countries), then its other countries one by one.
 */
function picksFor(codes: readonly string[] | undefined, picks: readonly Pick[]): Pick[] {
  if (!codes) return [];
  if (codes.length === 0) return picks.filter((pick) => pick.key === "region:worldwide");
  const wanted = new Set(codes);
  const covered = new Set<string>();
  const chosen: Pick[] = [];
  const regions = picks
    .filter((pick) => pick.kind === "Region" && pick.countries.length > 1)
    .sort((a, b) => b.countries.length - a.countries.length);
  for (const region of regions) {
    const inside = region.countries.every((code) => wanted.has(code));
    if (inside && region.countries.some((code) => !covered.has(code))) {
      chosen.push(region);
      region.countries.forEach((code) => covered.add(code));
    }
  }
  const countries = picks.filter(
    (pick) =>
      pick.kind === "Country" && wanted.has(pick.countries[0]!) && !covered.has(pick.countries[0]!),
  );
  return [...chosen, ...countries];
}

const inputClass =
  "block w-full rounded-lg bg-white py-2 pr-10 pl-3 text-base text-gray-900 outline-1 -outline-offset-1 outline-gray-300 placeholder:text-gray-400 focus:outline-2 focus:-outline-offset-2 focus:outline-violet-600 data-invalid:outline-red-500 sm:text-sm";

/**
 * A remote job's accepted countries: regions and countries picked from a searchable list
 * (Headless UI Combobox: type to filter, arrows and Enter to pick, Backspace-free chips with
 * their own remove buttons). The form holds the countries they stand for, as ISO codes; the
 * countries it starts with (a listing's edit) show as picks.
 */
function RemoteCountriesField() {
  const { setValue, getValues, control } = useFormContext();
  const { errors } = useFormState({ control, name: "place.remote_countries" });
  const error = (get(errors, "place.remote_countries") as { message?: string } | undefined)
    ?.message;
  const picks = useMemo(() => allPicks(), []);
  const [chosen, setChosen] = useState<Pick[]>(() =>
    picksFor(getValues("place.remote_countries") as string[] | undefined, picks),
  );
  const [query, setQuery] = useState("");
  const typed = query.trim().toLowerCase();
  // Names that start with what is typed first ("Canada" before "North America (US and Canada)").
  const shown = typed
    ? [
        ...picks.filter((pick) => pick.label.toLowerCase().startsWith(typed)),
        ...picks.filter((pick) => {
          const label = pick.label.toLowerCase();
          return !label.startsWith(typed) && label.includes(typed);
        }),
      ]
    : picks;

  const choose = (next: Pick[]) => {
    setChosen(next);
    setQuery("");
    // Nothing picked: the place is read from the location's words.
    setValue("place.remote_countries", next.length > 0 ? countriesOf(next) : undefined, {
      shouldValidate: true,
    });
  };
  const count = countriesOf(chosen).length;

  return (
    <Field>
      <Label className="block text-sm font-medium text-gray-900">
        Countries or regions it accepts
      </Label>
      <Combobox multiple by="key" value={chosen} onChange={choose} onClose={() => setQuery("")}>
        <div className="relative mt-2">
          <ComboboxInput
            className={inputClass}
            aria-invalid={Boolean(error)}
            data-invalid={error ? "" : undefined}
            placeholder="Type a region (Europe, APAC…) or a country"
            onChange={(event) => setQuery(event.target.value)}
            displayValue={() => query}
          />
          <ComboboxButton className="absolute inset-y-0 right-0 px-3 text-gray-400">
            <span aria-hidden="true">▾</span>
            <span className="sr-only">Show the choices</span>
          </ComboboxButton>
        </div>
        <ComboboxOptions
          anchor="bottom start"
          className="z-20 max-h-64 w-(--input-width) overflow-auto rounded-lg bg-white py-1 text-sm shadow-lg ring-1 ring-gray-200 empty:invisible"
        >
          {shown.map((pick) => (
            <ComboboxOption
              key={pick.key}
              value={pick}
              className="flex cursor-default items-center justify-between px-3 py-2 text-gray-900 select-none data-focus:bg-violet-600 data-focus:text-white data-selected:font-semibold"
            >
              <span>{pick.label}</span>
              <span className="text-xs opacity-70">
                {pick.kind === "Region"
                  ? pick.countries.length === 0
                    ? "anywhere"
                    : `${pick.countries.length} countries`
                  : pick.countries[0]}
              </span>
            </ComboboxOption>
          ))}
        </ComboboxOptions>
      </Combobox>
      {chosen.length > 0 && (
        <ul className="mt-2 flex flex-wrap gap-2" aria-label="Chosen">
          {chosen.map((pick) => (
            <li
              key={pick.key}
              className="inline-flex items-center gap-1 rounded-full bg-violet-50 px-3 py-1 text-sm text-violet-800"
            >
              {pick.label}
              <button
                type="button"
                className="rounded-full px-1 text-violet-600 hover:bg-violet-100"
                onClick={() => choose(chosen.filter((other) => other.key !== pick.key))}
              >
                <span aria-hidden="true">×</span>
                <span className="sr-only">Remove {pick.label}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {error ? (
        <Description className="mt-1.5 text-sm font-medium text-red-700">{error}</Description>
      ) : (
        <Description className="mt-1.5 text-sm text-gray-500">
          {chosen.length === 0
            ? "Optional: left empty, it is read from the location above."
            : count === 0
              ? "Applicants anywhere."
              : `Applicants in ${count} ${count === 1 ? "country" : "countries"}.`}
        </Description>
      )}
    </Field>
  );
}

/** An on-site job's address: city, state or region, and country (ISO code, chosen by name). */
function AddressFields() {
  // Country names come from the ICU of whoever renders them, and the server's and the
  // browser's may name a country differently: the list is filled in once hydrated.
  const hydrated = useHydrated();
  const countries = useMemo(
    () =>
      hydrated
        ? countryCodes()
            .map((code) => ({ value: code, label: countryName(code) }))
            .sort((a, b) => a.label.localeCompare(b.label, "en"))
        : [],
    [hydrated],
  );
  return (
    <div className="grid gap-5 sm:grid-cols-3">
      <FormTextField label="City" placeholder="London" name="place.address_locality" />
      <FormTextField
        label="State or region"
        placeholder="England, CA, NSW…"
        name="place.address_region"
      />
      <FormSelectField
        label="Country"
        options={[{ value: "", label: "Choose a country" }, ...countries]}
        name="place.address_country"
      />
    </div>
  );
}

/**
 * Where the job can be done, as data, on /submit and a listing's edit: the countries a remote
 * job accepts, or an on-site job's address. The location field stays its label; left blank, these are read from it.
 */
export function PlaceFields() {
  const region = useWatch({ name: "job.region" }) as string | undefined;
  const location = (useWatch({ name: "job.location" }) as string | undefined) ?? "";
  const remote = isRemoteJob(region, location);
  return (
    <FormSection
      title="Where it can be done"
      lead="Search engines show the job to people in these places."
    >
      {remote ? <RemoteCountriesField /> : <AddressFields />}
    </FormSection>
  );
}
