import { formatSalaryFloor } from "@/lib/format";
import { SALARY_FLOORS, type JobFilters } from "@/features/jobs/filters";
import { Button } from "@/components/ui/button";
import type { JobFacets } from "@/features/jobs/types";
import {
  countedLabel,
  FilterSelect,
  filterControlClass,
  filterLabelClass,
  TaxonomySelect,
  type Taxonomy,
} from "@/components/ui/taxonomy-select";
import { SpriteIcon } from "@/components/ui/sprite-icon";

type FilterKey = Taxonomy;

type JobFiltersFormProps = {
  /** Where the form submits: the page it is on. */
  action: string;
  filters: JobFilters;
  /** The filter the page's own URL fixes (a department page has no department select). */
  fixed?: FilterKey;
  /** How many jobs each choice would give for this search, shown beside it. */
  facets?: JobFacets;
  /** Whether those counts are estimates (a search matching thousands of jobs). */
  facetsApproximate?: boolean;
};

const TAXONOMY_FILTERS: { name: Taxonomy; label: string; anyLabel: string }[] = [
  { name: "department", label: "Role", anyLabel: "All roles" },
  { name: "region", label: "Location", anyLabel: "All locations" },
  { name: "type", label: "Type", anyLabel: "All types" },
];

/** The filter bar: a plain GET form, so it works without JavaScript and the URL holds it all. */
export function JobFiltersForm({
  action,
  filters,
  fixed,
  facets,
  facetsApproximate,
}: JobFiltersFormProps) {
  return (
    <form
      action={action}
      method="get"
      role="search"
      aria-label="Search jobs"
      className="grid grid-cols-2 items-end gap-3 rounded-2xl border border-gray-200 bg-gray-50 p-3 sm:p-4 lg:grid-cols-[2fr_1fr_1fr_1fr_1fr_auto]"
    >
      <div className="col-span-2 lg:col-span-1">
        <label htmlFor="filter-q" className={filterLabelClass}>
          Keyword
        </label>
        <input
          id="filter-q"
          name="q"
          type="search"
          defaultValue={filters.q ?? ""}
          placeholder="Title, skill, tool or company"
          maxLength={100}
          className={`mt-1 ${filterControlClass}`}
        />
      </div>
      {TAXONOMY_FILTERS.filter((filter) => filter.name !== fixed).map((filter) => (
        <TaxonomySelect
          key={filter.name}
          taxonomy={filter.name}
          id={`filter-${filter.name}`}
          label={filter.label}
          value={filters[filter.name]}
          anyLabel={filter.anyLabel}
          counts={facets?.[filter.name]}
          approximate={facetsApproximate}
        />
      ))}
      <FilterSelect
        name="salary_min"
        id="filter-salary_min"
        label="Salary"
        value={filters.salary_min === undefined ? undefined : String(filters.salary_min)}
        options={SALARY_FLOORS.map((floor) => ({
          value: String(floor),
          label: countedLabel(
            formatSalaryFloor(floor),
            facets?.salary_min,
            String(floor),
            facetsApproximate,
          ),
        }))}
        anyLabel="Any salary"
      />
      <Button type="submit" size="sm" className="col-span-2 lg:col-span-1">
        <SpriteIcon name="magnifying-glass" className="size-4" />
        Search
      </Button>
    </form>
  );
}
