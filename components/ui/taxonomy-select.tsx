import { DEPARTMENTS, JOB_TYPES, REGIONS, type TaxonomyEntry } from "@/lib/taxonomy";

export type Taxonomy = "department" | "region" | "type";

const ENTRIES: Record<Taxonomy, readonly TaxonomyEntry[]> = {
  department: DEPARTMENTS,
  region: REGIONS,
  type: JOB_TYPES,
};

/** The look of a filter bar's controls (the keyword box uses it too). */
export const filterControlClass =
  "block w-full rounded-lg border-0 bg-white py-2 pr-8 pl-3 text-sm text-gray-900 shadow-xs ring-1 ring-gray-300 ring-inset focus:ring-2 focus:ring-violet-600";

export const filterLabelClass = "block text-xs font-semibold text-gray-700";

type FilterSelectProps = {
  /** The query parameter the choice goes into. */
  name: string;
  /** Unique on the page. */
  id: string;
  label: string;
  /** The first choice, which filters nothing ("All roles"). */
  anyLabel: string;
  value: string | undefined;
  options: readonly { value: string; label: string }[];
  className?: string;
};

/** A labelled select of a GET filter form: "any" first, then the choices. */
export function FilterSelect({
  name,
  id,
  label,
  anyLabel,
  value,
  options,
  className,
}: FilterSelectProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className={filterLabelClass}>
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={value ?? ""}
        className={`mt-1 ${filterControlClass}`}
      >
        <option value="">{anyLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** An estimate to two significant figures: 12,345 is "about 12,000". */
const roughly = (count: number) => {
  const unit = 10 ** Math.max(0, Math.floor(Math.log10(Math.max(count, 1))) - 1);
  return `about ${(Math.round(count / unit) * unit).toLocaleString("en-US")}`;
};

/**
 * A choice's label with how many jobs it gives, when counted: "Design (12)", or "Design (about
 * 12,000)" when the counts are estimates.
 */
export const countedLabel = (
  label: string,
  counts: Record<string, number> | undefined,
  value: string,
  approximate = false,
) => {
  if (!counts) return label;
  const count = counts[value] ?? 0;
  return `${label} (${approximate && count > 0 ? roughly(count) : count.toLocaleString("en-US")})`;
};

/** A department, region or job type filter: the one select the job board and talent page share. */
export function TaxonomySelect({
  taxonomy,
  name = taxonomy,
  counts,
  approximate,
  ...props
}: Omit<FilterSelectProps, "options" | "name"> & {
  taxonomy: Taxonomy;
  name?: string;
  /** How many jobs each choice gives, shown beside it (the job board's facets). */
  counts?: Record<string, number>;
  /** Whether the counts are estimates. */
  approximate?: boolean;
}) {
  return (
    <FilterSelect
      {...props}
      name={name}
      options={ENTRIES[taxonomy].map((entry) => ({
        value: entry.slug,
        label: countedLabel(entry.label, counts, entry.slug, approximate),
      }))}
    />
  );
}
