import { useRouter } from "next/router";
import type { FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { SpriteIcon } from "@/components/ui/sprite-icon";
import {
  FilterSelect,
  filterControlClass,
  filterLabelClass,
  TaxonomySelect,
} from "@/components/ui/taxonomy-select";
import type { DirectoryPage } from "@/features/directory/hooks/use-directory";
import { MAX_KEYWORD_LENGTH } from "@/features/jobs/filters";
import { routes } from "@/lib/routes";
import { ACTIVE_WITHIN_DAYS } from "@/features/directory/directory";

/** The search's fields as the address holds them (the form's names are the API's). */
export const DIRECTORY_PARAMS = ["q", "department", "region", "type", "pay", "active"] as const;
export type DirectoryParam = (typeof DIRECTORY_PARAMS)[number];
export type DirectoryFormValues = Partial<Record<DirectoryParam, string>>;

/** The directory's address for these values: blank ones left out, as a page 1. */
export function directoryHref(values: DirectoryFormValues, page = 1): string {
  const params = new URLSearchParams();
  for (const name of DIRECTORY_PARAMS) {
    const value = values[name]?.trim();
    if (value) params.set(name, value);
  }
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `${routes.candidates}?${query}` : routes.candidates;
}

/**
 * The employers' candidate search (issue 47): a plain GET form, so it works before the page's
 * scripts run and the address holds the search (a link to it is the same search). Once they run,
 * it goes there without its blank fields and without reloading the page.
 */
export function DirectorySearchForm({
  values,
  facets,
}: {
  values: DirectoryFormValues;
  /** How many candidates each choice gives for this search, once it has come. */
  facets: DirectoryPage["facets"] | undefined;
}) {
  const router = useRouter();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const next = Object.fromEntries(
      DIRECTORY_PARAMS.map((name) => [name, String(data.get(name) ?? "")]),
    ) as DirectoryFormValues;
    void router.push(directoryHref(next));
  };
  return (
    <form
      action={routes.candidates}
      method="get"
      role="search"
      aria-label="Search candidates"
      onSubmit={submit}
      className="grid grid-cols-2 items-end gap-3 rounded-2xl border border-gray-200 bg-gray-50 p-3 sm:p-4 lg:grid-cols-3"
    >
      <div className="col-span-2 lg:col-span-3">
        <label htmlFor="directory-q" className={filterLabelClass}>
          Keyword
        </label>
        <input
          id="directory-q"
          name="q"
          type="search"
          defaultValue={values.q ?? ""}
          placeholder="Skill, tool, title or words from a bio"
          maxLength={MAX_KEYWORD_LENGTH}
          className={`mt-1 ${filterControlClass}`}
        />
      </div>
      <TaxonomySelect
        taxonomy="department"
        id="directory-department"
        label="Role"
        anyLabel="All roles"
        value={values.department}
        counts={facets?.department}
      />
      <TaxonomySelect
        taxonomy="region"
        id="directory-region"
        label="Location"
        anyLabel="All locations"
        value={values.region}
        counts={facets?.region}
      />
      <TaxonomySelect
        taxonomy="type"
        id="directory-type"
        label="Type of work"
        anyLabel="All types"
        value={values.type}
        counts={facets?.type}
      />
      <div>
        <label htmlFor="directory-pay" className={filterLabelClass}>
          Pays up to (USD a year)
        </label>
        <input
          id="directory-pay"
          name="pay"
          type="number"
          inputMode="numeric"
          min={0}
          max={10_000_000}
          step={1}
          defaultValue={values.pay ?? ""}
          placeholder="Any pay"
          className={`mt-1 ${filterControlClass}`}
        />
      </div>
      <FilterSelect
        name="active"
        id="directory-active"
        label="Signed in"
        anyLabel="Any time"
        value={values.active}
        options={ACTIVE_WITHIN_DAYS.map((days) => ({
          value: String(days),
          label: `In the last ${days} days`,
        }))}
      />
      <Button type="submit" size="sm">
        <SpriteIcon name="magnifying-glass" className="size-4" />
        Search
      </Button>
    </form>
  );
}
