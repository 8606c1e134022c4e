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
import { useEffect, useMemo, useRef, useState } from "react";
import { useFormContext, useFormState, useWatch, get } from "react-hook-form";
import {
  countryCodes,
  countryName,
  LOCATION_REGIONS,
  remoteCountriesOf,
  WORLDWIDE_HIRING_COUNTRIES,
} from "@/features/jobs/locations";
import { REMOTE_COUNTRIES_FIELD } from "@/features/jobs/remote-job";

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

/**
 * The picks a set of countries shows as: the largest named regions wholly inside it (each adding
 * countries), then its other countries one by one.
 */
function picksFor(codes: readonly string[], picks: readonly Pick[]): Pick[] {
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

/** Countries shown one by one as chips before the rest are counted. */
const MAX_COUNTRY_CHIPS = 8;

const byName = (a: string, b: string) => countryName(a).localeCompare(countryName(b), "en");

const inputClass =
  "block w-full rounded-lg bg-white py-2 pr-10 pl-3 text-base text-gray-900 outline-1 -outline-offset-1 outline-gray-300 placeholder:text-gray-400 focus:outline-2 focus:-outline-offset-2 focus:outline-violet-600 data-invalid:outline-red-500 sm:text-sm";

/**
 * A remote job's accepted countries: regions and countries picked from a searchable list
 * (Headless UI Combobox: type to filter, arrows and Enter to pick, chips with their own remove
 * buttons), and the countries they stand for, listed and each one to untick. The form holds the
 * countries as ISO codes. Google lists a remote job only with them, and has no value for
 * "anywhere": "Worldwide" starts from the countries a company usually can hire in.
 *
 * Until the employer picks, the countries follow what the location's words name ("Remote
 * (Europe)"), so the form sends what the listing says; words that name none ("Remote",
 * "Worldwide") leave it empty, and the form asks.
 */
export function RemoteCountriesField() {
  const { setValue, getValues, control, formState } = useFormContext();
  const { errors } = useFormState({ control, name: REMOTE_COUNTRIES_FIELD });
  const error = (get(errors, REMOTE_COUNTRIES_FIELD) as { message?: string } | undefined)?.message;
  const location = (useWatch({ name: "job.location" }) as string | undefined) ?? "";
  const watched = useWatch({ name: REMOTE_COUNTRIES_FIELD }) as string[] | undefined;
  const codes = useMemo(() => watched ?? [], [watched]);
  const picks = useMemo(() => allPicks(), []);
  // The regions and countries the employer picked (or that the countries started as): each
  // shows as a chip while any of its countries is chosen, with how many when not all are.
  const [picked, setPicked] = useState<Pick[]>(() => picksFor(codes, picks));
  // Every pick whose countries are all chosen shows as chosen in the list.
  const selected = useMemo(
    () => picks.filter((pick) => pick.countries.every((code) => codes.includes(code))),
    [codes, picks],
  );
  // Countries unticked stay in the list, to tick again.
  const [seen, setSeen] = useState<readonly string[]>(() => codes);
  const listed = useMemo(() => [...new Set([...seen, ...codes])].sort(byName), [seen, codes]);
  const [query, setQuery] = useState("");
  // A listing's edit keeps the countries it has; a new form follows the location's words.
  const follows = useRef(!(getValues(REMOTE_COUNTRIES_FIELD) as string[] | undefined)?.length);
  useEffect(() => {
    if (!follows.current) return;
    const read = remoteCountriesOf(location);
    setSeen(read);
    setPicked(picksFor(read, picks));
    setValue(REMOTE_COUNTRIES_FIELD, read, { shouldValidate: formState.isSubmitted });
  }, [location, setValue, formState.isSubmitted, picks]);

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

  const store = (next: Set<string>) => {
    follows.current = false;
    const sorted = [...next].sort();
    setSeen((before) => [...new Set([...before, ...sorted])]);
    setValue(REMOTE_COUNTRIES_FIELD, sorted, { shouldValidate: true, shouldDirty: true });
  };
  // A pick added adds its countries; one taken away takes its countries away.
  const choose = (next: Pick[]) => {
    setQuery("");
    const keys = new Set(next.map((pick) => pick.key));
    const was = new Set(selected.map((pick) => pick.key));
    const result = new Set(codes);
    for (const pick of selected) {
      if (!keys.has(pick.key)) pick.countries.forEach((code) => result.delete(code));
    }
    const added = next.filter((pick) => !was.has(pick.key));
    for (const pick of added) pick.countries.forEach((code) => result.add(code));
    setPicked((before) => [
      ...before.filter((pick) => keys.has(pick.key) || !was.has(pick.key)),
      ...added.filter((pick) => !before.some((other) => other.key === pick.key)),
    ]);
    store(result);
  };
  const remove = (pick: Pick) => {
    const result = new Set(codes);
    pick.countries.forEach((code) => result.delete(code));
    setPicked((before) => before.filter((other) => other.key !== pick.key));
    store(result);
  };
  const toggle = (code: string, on: boolean) => {
    const result = new Set(codes);
    if (on) result.add(code);
    else result.delete(code);
    store(result);
  };
  const count = codes.length;
  // The regions picked that still have countries chosen, then the countries outside them one
  // by one (a few: the list below holds them all).
  const chosenSet = new Set(codes);
  const regionChips = picked
    .filter((pick) => pick.kind === "Region")
    .map((pick) => ({ pick, kept: pick.countries.filter((code) => chosenSet.has(code)).length }))
    .filter(({ kept }) => kept > 0)
    .map(({ pick, kept }) => ({
      pick,
      label:
        kept < pick.countries.length
          ? `${pick.label} (${kept} of ${pick.countries.length})`
          : pick.label,
    }));
  const inRegions = new Set(regionChips.flatMap(({ pick }) => pick.countries));
  const countryChips = picks
    .filter((pick) => pick.kind === "Country" && chosenSet.has(pick.countries[0]!))
    .filter((pick) => !inRegions.has(pick.countries[0]!))
    .map((pick) => ({ pick, label: pick.label }));
  const chips = [...regionChips, ...countryChips.slice(0, MAX_COUNTRY_CHIPS)];
  const hidden = countryChips.length - Math.min(countryChips.length, MAX_COUNTRY_CHIPS);

  return (
    <div className="space-y-3">
      <p className="text-sm text-gray-600">
        Google&rsquo;s job search shows a remote job only to people in the countries it names, and
        has no setting for &ldquo;anywhere&rdquo;. Open to anyone? Pick <em>Worldwide</em>: it
        starts from the {WORLDWIDE_HIRING_COUNTRIES.length} countries companies usually can hire in
        (through an employer of record); keep those you can. Your listing still shows the location
        you wrote{location.trim() ? <> (&ldquo;{location.trim()}&rdquo;)</> : null}.
      </p>
      <Field>
        <Label className="block text-sm font-medium text-gray-900">
          Countries or regions it accepts
        </Label>
        <Combobox multiple by="key" value={selected} onChange={choose} onClose={() => setQuery("")}>
          <div className="relative mt-2">
            <ComboboxInput
              className={inputClass}
              aria-invalid={Boolean(error)}
              data-invalid={error ? "" : undefined}
              placeholder="Type a region (Worldwide, Europe, APAC…) or a country"
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
                    ? pick.key === "region:worldwide"
                      ? `${pick.countries.length} countries to edit`
                      : `${pick.countries.length} countries`
                    : pick.countries[0]}
                </span>
              </ComboboxOption>
            ))}
          </ComboboxOptions>
        </Combobox>
        {chips.length > 0 && (
          <ul className="mt-2 flex flex-wrap items-center gap-2" aria-label="Chosen">
            {chips.map(({ pick, label }) => (
              <li
                key={pick.key}
                className="inline-flex items-center gap-1 rounded-full bg-violet-50 px-3 py-1 text-sm text-violet-800"
              >
                {label}
                <button
                  type="button"
                  className="min-h-6 min-w-6 rounded-full px-1 text-violet-600 hover:bg-violet-100"
                  onClick={() => remove(pick)}
                >
                  <span aria-hidden="true">×</span>
                  <span className="sr-only">Remove {pick.label}</span>
                </button>
              </li>
            ))}
            {hidden > 0 && (
              <li className="text-sm text-gray-600">
                and {hidden} more {hidden === 1 ? "country" : "countries"} (in the list below)
              </li>
            )}
          </ul>
        )}
        {error ? (
          <Description className="mt-1.5 text-sm font-medium text-red-700">{error}</Description>
        ) : (
          <Description className="mt-1.5 text-sm text-gray-500">
            {count === 0
              ? "Choose at least one country or region."
              : `Applicants in ${count} ${count === 1 ? "country" : "countries"}.`}
          </Description>
        )}
      </Field>
      {listed.length > 0 && (
        <details className="rounded-lg border border-gray-200 px-3 py-2 text-sm">
          <summary className="cursor-pointer py-1 font-medium text-gray-900">
            See or change the {count} {count === 1 ? "country" : "countries"}
          </summary>
          <fieldset className="mt-2">
            <legend className="sr-only">Countries applicants may live in</legend>
            <ul className="grid gap-x-4 gap-y-1 sm:grid-cols-3">
              {listed.map((code) => (
                <li key={code}>
                  <label className="flex min-h-6 items-center gap-2 text-gray-800">
                    <input
                      type="checkbox"
                      className="size-4 rounded border-gray-300 accent-violet-600"
                      checked={codes.includes(code)}
                      onChange={(event) => toggle(code, event.target.checked)}
                    />
                    {countryName(code)}
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        </details>
      )}
    </div>
  );
}
