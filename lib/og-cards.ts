import type { CompanyProfile } from "@/lib/company-page";
import {
  departmentLabel,
  formatCount,
  formatSalary,
  formatThousandsUsd,
  jobTypeLabel,
} from "@/lib/format";
import type { JobDetail, JobPage } from "@/lib/job-types";
import { LISTINGS, type ListingKind } from "@/lib/listing-pages";
import { shownLogo } from "@/lib/logos";
import { percent } from "@/lib/report-commentary";
import type { QuarterReport } from "@/lib/report-types";
import { reportSlug, reportTitle } from "@/lib/reports";
import type { TaxonomyEntry } from "@/lib/taxonomy";
import { SITE_URL } from "@/lib/site";

/*
 * Social cards (og:image): a 1200×630 picture for each job, department, region, type, company
 * and report page, drawn on the server (lib/server/og) from the page's own facts. This module is
 * what a page and the server share: the facts a card shows, built from the same data the page
 * renders, and the card's address, which carries a hash of those facts (`?v=`), so a changed
 * fact is a new address and an address always shows the same picture.
 */

export const CARD_KINDS = ["job", "department", "region", "type", "company", "report"] as const;
export type CardKind = (typeof CARD_KINDS)[number];

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

/** Where cards are served: /api/og/{kind}/{slug}.png?v={version}. */
export const CARD_PATH_PREFIX = "/api/og/";

/** Changes with the drawing (lib/server/og/card-image.tsx): every card gets a new address. */
export const CARD_DESIGN = "1";

/** What a card shows, as text: the drawing takes nothing else. */
export type CardFacts = {
  /** The small line above the title: "Jobs by role", the company of a job... */
  eyebrow: string;
  title: string;
  /** Short facts shown as pills: location, type, role, pay. */
  chips: string[];
  /** Figures shown as tiles (reports). */
  figures: { label: string; value: string; note?: string }[];
  /** The line at the foot: "42 open roles", "No longer accepting applications". */
  note: string | null;
  /** The company a badge stands for (its logo, or else its initial); null: no badge. */
  badge: string | null;
  /** The company's uploaded logo (a path on this site, lib/logos.ts), or null. */
  logo: string | null;
};

export type Card = {
  kind: CardKind;
  slug: string;
  facts: CardFacts;
  /** Hash of the design and the facts; null when the page cannot vouch for the facts. */
  version: string | null;
  /** The picture described in words (og:image:alt). */
  alt: string;
};

/** FNV-1a, 32 bits, in base 36: short, the same in the browser and on the server. */
function hash(text: string): string {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value.toString(36);
}

export const cardVersion = (facts: CardFacts) => hash(`${CARD_DESIGN}\n${JSON.stringify(facts)}`);

function card(kind: CardKind, slug: string, facts: CardFacts, alt: string): Card {
  return { kind, slug, facts, version: cardVersion(facts), alt };
}

/** The card's address on this site: /api/og/job/12.png?v=1x2y3z. */
export const cardPath = ({ kind, slug, version }: Pick<Card, "kind" | "slug" | "version">) =>
  `${CARD_PATH_PREFIX}${kind}/${slug}.png${version ? `?v=${version}` : ""}`;

export const cardUrl = (ref: Pick<Card, "kind" | "slug" | "version">) =>
  `${SITE_URL}${cardPath(ref)}`;

const roles = (page: Pick<JobPage, "total" | "total_is_capped">) =>
  `${formatCount(page.total)}${page.total_is_capped ? "+" : ""} open ${page.total === 1 ? "role" : "roles"}`;

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
  | "accepting_applications"
> & { company: Pick<JobDetail["company"], "name" | "logo_url"> };

/** A job's card: its title, company, place, type, role and pay. */
export function jobCard(job: CardJob): Card {
  const salary = formatSalary(job.salary_min, job.salary_max, job.salary_currency);
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
    { label: "Remote roles", value: percent(report.remote_share) },
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
