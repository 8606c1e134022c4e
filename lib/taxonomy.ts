export type TaxonomyEntry = { readonly slug: string; readonly label: string };

export const DEPARTMENTS = [
  { slug: "administration", label: "Administration" },
  { slug: "creator-partnerships", label: "Creator Partnerships" },
  { slug: "design", label: "Design" },
  { slug: "engineering", label: "Engineering" },
  { slug: "finance", label: "Finance" },
  { slug: "influencer-marketing", label: "Influencer Marketing" },
  { slug: "legal", label: "Legal" },
  { slug: "marketing", label: "Marketing" },
  { slug: "operations", label: "Operations" },
  { slug: "product", label: "Product" },
  { slug: "sales", label: "Sales" },
  { slug: "support", label: "Support" },
  { slug: "talent-management", label: "Talent Management" },
] as const satisfies readonly TaxonomyEntry[];

export const REGIONS = [
  { slug: "remote", label: "Remote" },
  { slug: "united-states", label: "United States" },
  { slug: "united-kingdom", label: "United Kingdom" },
  { slug: "canada", label: "Canada" },
  { slug: "europe", label: "Europe" },
  { slug: "australia", label: "Australia" },
  { slug: "asia", label: "Asia" },
  { slug: "africa", label: "Africa" },
  { slug: "south-america", label: "South America" },
] as const satisfies readonly TaxonomyEntry[];

export const JOB_TYPES = [
  { slug: "full-time", label: "Full-time" },
  { slug: "part-time", label: "Part-time" },
  { slug: "contractor", label: "Contractor" },
  { slug: "internship", label: "Internship" },
] as const satisfies readonly TaxonomyEntry[];

export type DepartmentSlug = (typeof DEPARTMENTS)[number]["slug"];
export type RegionSlug = (typeof REGIONS)[number]["slug"];
export type JobTypeSlug = (typeof JOB_TYPES)[number]["slug"];

export function findEntry<T extends TaxonomyEntry>(
  entries: readonly T[],
  slug: unknown,
): T | undefined {
  return typeof slug === "string" ? entries.find((entry) => entry.slug === slug) : undefined;
}
