/*
 * What names a salary page: its title, and its social card's slug (og-card.ts, features/og).
 */

type Named = { slug: string; label: string } | null;

/** "Design salaries in Remote", "Design salaries", "Creator economy salaries". */
export function salaryPageTitle({ department, region }: { department: Named; region: Named }) {
  if (!department) return "Creator economy salaries";
  return region
    ? `${department.label} salaries in ${region.label}`
    : `${department.label} salaries`;
}

/** A salary page's card slug: "all", "design", "design--remote" (no slug holds "--"). */
export const salaryCardSlug = (department?: string, region?: string) =>
  !department ? "all" : region ? `${department}--${region}` : department;

/** The department and region of a card slug (unchecked against the taxonomy). */
export function parseSalaryCardSlug(slug: string): { department?: string; region?: string } {
  if (slug === "all") return {};
  const [department, region, ...rest] = slug.split("--");
  if (rest.length > 0) return { department: "", region: "" };
  return region === undefined ? { department } : { department, region };
}
