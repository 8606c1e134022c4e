import { formatCount, formatThousandsUsd } from "@/lib/format";
import { salaryCardSlug, salaryPageTitle } from "@/features/salaries/page";
import type { SalaryPageProps } from "@/features/salaries/types";
import type { Card, CardFacts } from "@/lib/og/address";
import { card } from "@/lib/og/base";

/*
 * A salary page's social card (og:image), built from the figures the page renders (lib/og makes
 * its address; features/og/server draws it and reads the same facts for its route).
 */

/** A salary page's card: its title and median, quartiles and listings, or that there are too few. */
export function salaryCard({
  report,
  department,
  region,
}: Pick<SalaryPageProps, "report" | "department" | "region">): Card {
  const title = salaryPageTitle({ department, region });
  const { figures } = report;
  const shown = figures?.median != null;
  const facts: CardFacts = {
    eyebrow: "Salaries",
    title,
    chips: [],
    figures: shown
      ? [
          { label: "Median a year", value: formatThousandsUsd(figures.median!) },
          { label: "25th percentile", value: formatThousandsUsd(figures.p25!) },
          { label: "75th percentile", value: formatThousandsUsd(figures.p75!) },
          { label: "Listings", value: formatCount(figures.listings) },
        ]
      : [],
    note: shown ? null : "Not enough listings with pay yet",
    badge: null,
    logo: null,
  };
  const alt = shown
    ? `${title}: median ${formatThousandsUsd(figures.median!)} a year, from ${formatCount(figures.listings)} listings`
    : `${title}: not enough listings with pay yet`;
  return card("salary", salaryCardSlug(department?.slug, region?.slug), facts, alt);
}
