import { departmentLabel, formatSalary, jobTypeLabel } from "@/lib/format";
import type { JobDetail, JobPage } from "@/features/jobs/types";
import { LISTINGS, type ListingKind } from "@/features/jobs/listing-pages";
import { shownLogo } from "@/lib/logos/logos";
import type { TaxonomyEntry } from "@/lib/taxonomy";
import type { Card, CardFacts } from "@/lib/og/address";
import { card, roles } from "@/lib/og/base";

/*
 * The social cards (og:image) of a job's page and of a department's, region's or type's list:
 * the facts each card shows, built from the same data the page renders, and the card's address
 * (lib/og), which carries a hash of those facts (`?v=`), so a changed fact is a new address and an
 * address always shows the same picture. features/og/server draws them and reads the same facts
 * for its route (card-data.ts).
 */

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
