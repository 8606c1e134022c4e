import type { CompanyProfile } from "@/lib/company-page";
import {
  departmentLabel,
  formatCount,
  formatDate,
  formatSalary,
  formatThousandsUsd,
  jobTypeLabel,
} from "@/lib/format";
import type { JobDetail, JobPage } from "@/lib/job-types";
import type { LegalDocument } from "@/lib/legal";
import { LISTINGS, type ListingKind } from "@/lib/listing-pages";
import { shownLogo } from "@/lib/logos";
import type { OfferSummary } from "@/lib/offer-types";
import { PAGE_COPY, type PageCopy } from "@/lib/page-copy";
import { tagLabel } from "@/lib/post-types";
import { formatPlanPrice, LISTING_PLANS, RECRUITMENT_PLANS } from "@/lib/pricing";
import type { QuarterReport } from "@/lib/report-types";
import { reportSlug, reportTitle } from "@/lib/reports";
import type { TaxonomyEntry } from "@/lib/taxonomy";
import type { Card, CardFacts, CardKind } from "@/lib/og-card-address";

/*
 * Social cards (og:image): a 1200×630 picture for each job, department, region, type, company
 * and report page, and for the site's own pages (home, about, talent, pricing, legal, offers...), drawn on the server (lib/server/og) from the page's own facts. This module is
 * what a page and the server share: the facts a card shows, built from the same data the page
 * renders, and the card's address, which carries a hash of those facts (`?v=`), so a changed
 * fact is a new address and an address always shows the same picture.
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
} from "@/lib/og-card-address";

/** Changes with the drawing (lib/server/og/card-image.tsx): every card gets a new address. */
export const CARD_DESIGN = "1";

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

/*
 * The site's own pages (kind "page"): the page's eyebrow, title and description (lib/page-copy.ts,
 * the words the page renders), and a fact the page shows where it has one. Named by the page:
 * home, about, talent, pricing, submit, recruitment-services, blog, a legal document's name
 * (privacy) and offer-{id}. A paged page (/?page=2, /blog?page=2) has page 1's card.
 */

type PageExtras = Partial<Pick<CardFacts, "chips" | "note">>;

function pageCard(slug: string, copy: PageCopy, extras: PageExtras = {}): Card {
  const facts: CardFacts = {
    eyebrow: copy.eyebrow,
    title: copy.title,
    lead: copy.description,
    chips: extras.chips ?? [],
    figures: [],
    note: extras.note ?? null,
    badge: null,
    logo: null,
  };
  const told = [...facts.chips, ...(facts.note ? [facts.note] : [])];
  return card(
    "page",
    slug,
    facts,
    `${copy.title}: ${told.length ? told.join(", ") : copy.description}`,
  );
}

/** The pages whose card shows nothing but their own words. */
export const copyCard = (page: "about") => pageCard(page, PAGE_COPY[page]);

/** The home page's card: the board's open roles, as the page's lead counts them. */
export const homeCard = (openRoles: number) =>
  pageCard("home", PAGE_COPY.home, {
    note: roles({ total: openRoles, total_is_capped: false }),
  });

/**
 * The talent page's card: how many candidates it lists. `total` is the unfiltered count; a
 * filtered page (null) links the card without a version, as its count is not the card's.
 */
export function talentCard(total: number | null): Card {
  const note =
    total === null ? null : `${formatCount(total)} ${total === 1 ? "candidate" : "candidates"}`;
  const made = pageCard("talent", PAGE_COPY.talent, { note });
  return total === null ? { ...made, version: null } : made;
}

const listingPlanChips = () =>
  LISTING_PLANS.map((plan) => `${plan.name}: ${formatPlanPrice(plan.price)}`);

/** /pricing and /submit: the listing plans and their prices, as both pages offer them. */
export const listingPlansCard = (page: "pricing" | "submit") =>
  pageCard(page, PAGE_COPY[page], { chips: listingPlanChips() });

/** /recruitment-services: the services it offers. */
export const recruitmentCard = () =>
  pageCard("recruitment-services", PAGE_COPY["recruitment-services"], {
    chips: RECRUITMENT_PLANS.map((plan) => plan.name),
  });

/** The blog's topics shown on a card: the first few of those the page lists. */
const BLOG_TOPICS = 5;

/** The blog's card: its topics (the same on every page of the blog, and with any topic). */
export const blogCard = (tags: readonly string[]) =>
  pageCard("blog", PAGE_COPY.blog, { chips: tags.slice(0, BLOG_TOPICS).map(tagLabel) });

/** A legal document's card: its title, summary and when it was last updated. */
export const legalCard = (
  document: Pick<LegalDocument, "name" | "title" | "summary" | "updated">,
) =>
  pageCard(
    document.name,
    { eyebrow: "Legal", title: document.title, description: document.summary },
    { note: `Last updated ${formatDate(document.updated)}` },
  );

/** A partner offer's card: its partner, discount and last day (or that it has ended). */
export const offerCard = (
  offer: Pick<
    OfferSummary,
    "id" | "partner" | "title" | "summary" | "discount" | "expires" | "category"
  >,
  ended: boolean,
) =>
  pageCard(
    `offer-${offer.id}`,
    {
      eyebrow: `Partner offer · ${offer.category}`,
      title: offer.title,
      description: offer.summary,
    },
    {
      chips: [offer.partner, offer.discount],
      note: ended
        ? `This offer ended on ${formatDate(offer.expires)}`
        : `Claim by ${formatDate(offer.expires)}`,
    },
  );
