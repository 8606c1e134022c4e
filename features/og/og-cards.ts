import type { CompanyProfile } from "@/features/companies/page";
import {
  departmentLabel,
  formatCount,
  formatSalary,
  formatThousandsUsd,
  jobTypeLabel,
} from "@/lib/format";
import type { JobDetail, JobPage } from "@/features/jobs/types";
import { LISTINGS, type ListingKind } from "@/features/jobs/listing-pages";
import { shownLogo } from "@/lib/logos/logos";
import type { QuarterReport } from "@/features/reports/types";
import { reportSlug, reportTitle } from "@/features/reports/reports";
import { salaryCardSlug, salaryPageTitle } from "@/features/salaries/page";
import type { SalaryPageProps } from "@/features/salaries/types";
import type { TaxonomyEntry } from "@/lib/taxonomy";
import type { Card, CardFacts } from "@/features/og/address";
import { card, roles } from "@/features/og/base";

/*
 * Social cards (og:image): a 1200×630 picture for each job, department, region, type, company
 * and report page (the site's own pages: features/og/page-cards.ts), drawn on the server
 * (features/og/server) from the page's own facts. This module is what a page and the server share: the
 * facts a card shows, built from the same data the page renders, and the card's address, which
 * carries a hash of those facts (`?v=`), so a changed fact is a new address and an address always
 * shows the same picture.
 */

export {
  CARD_HEIGHT,
  CARD_KINDS,
  CARD_PATH_PREFIX,
  CARD_WIDTH,
  cardPath,
  cardUrl,
  type Card,
  type CardFacts,
  type CardKind,
} from "@/features/og/address";

type CardJob = Pick<
  JobDetail,
  | "id"
  | "title"
  | "location"
  | "type"
  | "department"
  | "salary_min"
  | "salary_max"
  | "salary_currency"
  | "salary_period"
  | "accepting_applications"
> & { company: Pick<JobDetail["company"], "name" | "logo_url"> };

/** A job's card: its title, company, place, type, role and pay. */
export function jobCard(job: CardJob): Card {
  const salary = formatSalary(
    job.salary_min,
    job.salary_max,
    job.salary_currency,
    job.salary_period,
  );
  const chips = [job.location, jobTypeLabel(job.type), departmentLabel(job.department)];
  if (salary) chips.push(salary);
  const facts: CardFacts = {
    eyebrow: job.company.name,
    title: job.title,
    chips,
    figures: [],
    note: job.accepting_applications ? null : "No longer accepting applications",
    badge: job.company.name,
    logo: shownLogo(job.company.logo_url),
  };
  return card(
    "job",
    String(job.id),
    facts,
    `${job.title} at ${job.company.name}: ${chips.join(", ")}`,
  );
}

const EYEBROWS: Record<ListingKind, string> = {
  department: "Jobs by role",
  region: "Jobs by location",
  type: "Jobs by type",
};

/**
 * A department's, region's or type's card: its title and how many open roles it has. `results`
 * is the list's unfiltered count; without it (a page showing a filtered list) the card has no
 * version, as the page does not know the count the card shows.
 */
export function listingCard(
  kind: ListingKind,
  entry: TaxonomyEntry,
  results: Pick<JobPage, "total" | "total_is_capped"> | null,
): Card {
  const title = LISTINGS[kind].title(entry);
  const facts: CardFacts = {
    eyebrow: EYEBROWS[kind],
    title,
    chips: [],
    figures: [],
    note: results ? roles(results) : null,
    badge: null,
    logo: null,
  };
  const made = card(kind, entry.slug, facts, results ? `${title}: ${facts.note}` : title);
  return results ? made : { ...made, version: null };
}

/** A company's card: its name, logo and open roles. */
export function companyCard(
  company: Pick<CompanyProfile, "slug" | "name" | "logo_url">,
  results: Pick<JobPage, "total" | "total_is_capped">,
): Card {
  const note = results.total > 0 ? roles(results) : "No open roles right now";
  const facts: CardFacts = {
    eyebrow: "Company",
    title: `Jobs at ${company.name}`,
    chips: [],
    figures: [],
    note,
    badge: company.name,
    logo: shownLogo(company.logo_url),
  };
  return card("company", company.slug, facts, `Jobs at ${company.name}: ${note}`);
}

/** A quarterly report's card: its quarter and headline figures. */
export function reportCard(report: QuarterReport): Card {
  const figures = [
    { label: "Open roles", value: formatCount(report.open_roles) },
    { label: "Hiring companies", value: formatCount(report.hiring_companies) },
    { label: "Remote roles", value: `${Math.round(report.remote_share * 100)}%` },
    {
      label: "Median salary",
      value: report.salary.median === null ? "—" : formatThousandsUsd(report.salary.median),
    },
  ];
  const title = reportTitle(report);
  const facts: CardFacts = {
    eyebrow: "Hiring trends report",
    title,
    chips: [],
    figures,
    note: null,
    badge: null,
    logo: null,
  };
  const alt = `${title}: ${figures.map((figure) => `${figure.label.toLowerCase()} ${figure.value}`).join(", ")}`;
  return card("report", reportSlug(report.quarter), facts, alt);
}

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
