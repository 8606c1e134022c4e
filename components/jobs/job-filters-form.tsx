import { MagnifyingGlassIcon } from "@heroicons/react/20/solid";
import { formatSalaryFloor } from "@/lib/format";
import { SALARY_FLOORS, type JobFilters } from "@/lib/job-filters";
import { DEPARTMENTS, JOB_TYPES, REGIONS, type TaxonomyEntry } from "@/lib/taxonomy";

type FilterKey = "department" | "region" | "type";

type JobFiltersFormProps = {
  /** Where the form submits: the page it is on. */
  action: string;
  filters: JobFilters;
  /** The filter the page's own URL fixes (a department page has no department select). */
  fixed?: FilterKey;
};

const fieldClass =
  "block w-full rounded-lg border-0 bg-white py-2 pr-8 pl-3 text-sm text-gray-900 shadow-xs ring-1 ring-gray-300 ring-inset focus:ring-2 focus:ring-violet-600";

function Select({
  name,
  label,
  value,
  entries,
  anyLabel,
}: {
  name: string;
  label: string;
  value: string | undefined;
  entries: readonly { value: string; label: string }[];
  anyLabel: string;
}) {
  const id = `filter-${name}`;
  return (
    <div>
      <label htmlFor={id} className="block text-xs font-semibold text-gray-700">
        {label}
      </label>
      <select id={id} name={name} defaultValue={value ?? ""} className={`mt-1 ${fieldClass}`}>
        <option value="">{anyLabel}</option>
        {entries.map((entry) => (
          <option key={entry.value} value={entry.value}>
            {entry.label}
          </option>
        ))}
      </select>
    </div>
  );
}

const TAXONOMY_FILTERS: {
  name: FilterKey;
  label: string;
  anyLabel: string;
  entries: readonly TaxonomyEntry[];
}[] = [
  { name: "department", label: "Role", anyLabel: "All roles", entries: DEPARTMENTS },
  { name: "region", label: "Location", anyLabel: "All locations", entries: REGIONS },
  { name: "type", label: "Type", anyLabel: "All types", entries: JOB_TYPES },
];

const options = (entries: readonly TaxonomyEntry[]) =>
  entries.map((entry) => ({ value: entry.slug, label: entry.label }));

/** The filter bar: a plain GET form, so it works without JavaScript and the URL holds it all. */
export function JobFiltersForm({ action, filters, fixed }: JobFiltersFormProps) {
  return (
    <form
      action={action}
      method="get"
      role="search"
      aria-label="Filter jobs"
      className="grid grid-cols-2 items-end gap-3 rounded-2xl border border-gray-200 bg-gray-50 p-4 lg:grid-cols-[2fr_1fr_1fr_1fr_1fr_auto]"
    >
      <div className="col-span-2 lg:col-span-1">
        <label htmlFor="filter-q" className="block text-xs font-semibold text-gray-700">
          Keyword
        </label>
        <input
          id="filter-q"
          name="q"
          type="search"
          defaultValue={filters.q ?? ""}
          placeholder="Title, skill or tool"
          maxLength={100}
          className={`mt-1 ${fieldClass}`}
        />
      </div>
      {TAXONOMY_FILTERS.filter((filter) => filter.name !== fixed).map((filter) => (
        <Select
          key={filter.name}
          name={filter.name}
          label={filter.label}
          value={filters[filter.name]}
          entries={options(filter.entries)}
          anyLabel={filter.anyLabel}
        />
      ))}
      <Select
        name="salary_min"
        label="Salary"
        value={filters.salary_min === undefined ? undefined : String(filters.salary_min)}
        entries={SALARY_FLOORS.map((floor) => ({
          value: String(floor),
          label: formatSalaryFloor(floor),
        }))}
        anyLabel="Any salary"
      />
      <button
        type="submit"
        className="col-span-2 inline-flex items-center justify-center gap-2 rounded-lg bg-violet-600 px-4 py-2 text-sm lg:col-span-1 font-semibold text-white shadow-sm hover:bg-violet-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600"
      >
        <MagnifyingGlassIcon aria-hidden="true" className="size-4" />
        Search
      </button>
    </form>
  );
}
