import dynamic from "next/dynamic";
import { useEffect, useMemo } from "react";
import { get, useFormState, useWatch } from "react-hook-form";
import { FormSection } from "@/components/ui/form-controls";
import { FormSelectField, FormTextField } from "@/components/ui/form-fields";
import { useHydrated } from "@/hooks/use-hydrated";
import { countryCodes } from "@/lib/countries/country-codes";
import { countryName } from "@/lib/countries/country-name";
import { isRemoteJob } from "@/features/jobs/remote-job";
import { PLACE_SECTION_ID } from "@/lib/routes";

const loadRemoteCountries = () =>
  import("./remote-countries-field").then((module) => module.RemoteCountriesField);

/**
 * A remote job's countries: a Combobox and every country's name, which /submit's first load does
 * without. Asked for once the form is in the browser (see PlaceFields), so it is there by the
 * time an employer chooses Remote; meanwhile the section says what it will ask.
 */
const RemoteCountriesField = dynamic(loadRemoteCountries, {
  ssr: false,
  loading: () => (
    <p className="text-sm text-gray-600">
      A remote job names the countries applicants may live in: Google&rsquo;s job search shows it
      only to people there.
    </p>
  ),
});

const ADDRESS_FIELDS = ["address_locality", "address_region", "address_country"] as const;

/** The address as the employer gave it in parts, for the line that folds them: "Austin, TX, US". */
function addressLine(place: Record<string, string | undefined> | undefined): string {
  const [city, region, country] = ADDRESS_FIELDS.map((field) => place?.[field]?.trim() ?? "");
  return [city, region, country && countryName(country)].filter(Boolean).join(", ");
}

/**
 * An on-site job's address. The location field above already says it ("Austin, TX", "Berlin,
 * Germany"), and the server reads the city, state or region and country from it and from the
 * board region (features/jobs/server/job-location.ts), so the form does not ask for them again
 * (issue 42): it says so, and keeps the parts folded away for an employer who wants to give them
 * exactly. A listing's edit shows the parts it has stored in the fold's line.
 */
function AddressFields() {
  const location = ((useWatch({ name: "job.location" }) as string | undefined) ?? "").trim();
  const place = useWatch({ name: "place" }) as Record<string, string | undefined> | undefined;
  const { errors } = useFormState({ name: "place" });
  const refused = ADDRESS_FIELDS.some((field) => get(errors, `place.${field}`));
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
  const given = hydrated ? addressLine(place) : "";
  return (
    <>
      <p className="text-sm text-gray-600">
        {location ? (
          <>
            Read from the location you gave, &ldquo;{location}&rdquo;, and the region: the city,
            state or region and country.
          </>
        ) : (
          <>
            Read from the location and the region above: write the location as people say it,
            &ldquo;Austin, TX&rdquo; or &ldquo;Berlin, Germany&rdquo;.
          </>
        )}
      </p>
      {/* Open by itself only when the server refused one of its fields. */}
      <details open={refused || undefined} className="group rounded-lg border border-gray-200">
        <summary className="cursor-pointer rounded-lg px-3 py-2 text-sm font-medium text-gray-900 focus-visible:outline-2 focus-visible:outline-violet-600">
          {given ? <>Address given: {given}. Change it</> : <>Give the address in parts instead</>}
        </summary>
        <div className="grid gap-5 px-3 pt-2 pb-4 sm:grid-cols-3">
          <FormTextField
            label="City"
            placeholder="Austin"
            hint="Optional"
            name="place.address_locality"
          />
          <FormTextField
            label="State or region"
            placeholder="TX, England, NSW…"
            hint="Optional"
            name="place.address_region"
          />
          <FormSelectField
            label="Country"
            options={[{ value: "", label: "From the location" }, ...countries]}
            name="place.address_country"
          />
        </div>
      </details>
    </>
  );
}

/**
 * Where the job can be done, as data, on /submit and a listing's edit: the countries a remote
 * job accepts (asked: Google needs them, and a location's words seldom name them all), or an
 * on-site job's address (read from the location, not asked again). In the server's HTML, so
 * /submit shows it whole before its scripts run.
 */
export function PlaceFields() {
  const region = useWatch({ name: "job.region" }) as string | undefined;
  const location = (useWatch({ name: "job.location" }) as string | undefined) ?? "";
  const remote = isRemoteJob(region, location);
  useEffect(() => {
    void loadRemoteCountries();
    // Linked to (a listing that lacks its countries): a listing's edit form renders after its
    // data, so the browser found nothing to scroll to. Scroll to it now, once.
    if (window.location.hash !== `#${PLACE_SECTION_ID}`) return;
    document.getElementById(PLACE_SECTION_ID)?.scrollIntoView({ block: "start" });
  }, []);
  return (
    <FormSection
      id={PLACE_SECTION_ID}
      title="Where it can be done"
      lead="Search engines show the job to people in these places."
    >
      {remote ? <RemoteCountriesField /> : <AddressFields />}
    </FormSection>
  );
}
