import type { JobFilters } from "@/features/jobs/filters";
import type { JobPage } from "@/features/jobs/types";
import { shownLogo } from "@/lib/logos/logos";
import { SITE_URL } from "@/lib/site";
import { isSlug } from "@/lib/slug";

/** A company as its public page shows it. */
export type CompanyProfile = {
  slug: string;
  name: string;
  website: string | null;
  /** Its uploaded logo's path on this site (lib/logos/logos.ts), or null. */
  logo_url: string | null;
  about: string | null;
};

/**
 * Where a company's jobs come from when the board imports them from its careers site (issue 46):
 * its ATS's name, how many of its listed jobs came from there (the others were posted on the
 * board), and whether it may be claimed (no one runs it yet) by someone at `domain`.
 */
export type CareersSite = {
  ats: string;
  imported: number;
  claimable: boolean;
  domain: string | null;
};

/**
 * What /companies/[slug] shows: the company and a page of its listed jobs (its sponsored slots,
 * then newest first: features/jobs/ranking.ts).
 */
export type CompanyPageProps = {
  company: CompanyProfile;
  careers_site: CareersSite | null;
  /** Only `page` comes from the URL; the rest are the lists' defaults, for the pagination. */
  filters: JobFilters;
  results: JobPage;
};

/** A company's slug as the site makes them (lib/slug.ts): anything else names no company. */
export const isCompanySlug = isSlug;

/**
 * schema.org Organization for a company page: the page itself is its url, and its own website,
 * when it gave one, is the same organization elsewhere (sameAs).
 */
export function organizationJsonLd(company: CompanyProfile, url: string) {
  return {
    "@context": "https://schema.org/",
    "@type": "Organization",
    name: company.name,
    url,
    ...(company.website ? { sameAs: company.website } : {}),
    ...(company.about ? { description: company.about } : {}),
    ...(shownLogo(company.logo_url) ? { logo: `${SITE_URL}${company.logo_url}` } : {}),
  };
}
