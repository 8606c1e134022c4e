import { DEPARTMENTS, JOB_TYPES, REGIONS, type TaxonomyEntry } from "@/lib/taxonomy";
import { latestReport, REPORT_BLURB, reportSlug, reportTitle } from "@/features/reports/reports";
import { routes } from "@/lib/routes";
import { TOOLS_DIRECTORY_URL } from "@/lib/site";
import { SOCIAL_NETWORK_LABELS, SOCIAL_NETWORKS, type BoardSettings } from "@/lib/board-settings";

export type NavLink = {
  label: string;
  href: string;
  description?: string;
  external?: boolean;
  /**
   * A hiring report's API slug ("q3-2025"): the dropdown states that report's own figures
   * under it once they have come (ReportFigures), and `description` until then.
   */
  report?: string;
};

export type NavMenu = { label: string; items: readonly NavLink[] };

export const HEADER_LINKS: readonly NavLink[] = [
  { label: "Jobs", href: routes.home },
  { label: "Post a job", href: routes.submit },
  { label: "Candidates", href: routes.talent },
];

/**
 * The Resources menu's report: the last completed quarter's, worked out when the menu renders (a
 * few lines of date arithmetic in features/reports/reports.ts, no request), so a new quarter's report is
 * linked on the day it appears. Under it, that quarter's own figures (issue 61: it said the
 * whole board's), which the dropdown reads from the report's API when it opens.
 */
export function latestReportLink(now: Date = new Date()): NavLink {
  const report = latestReport(now);
  return {
    label: reportTitle(report),
    href: report.path,
    description: `${report.quarter}'s roles, companies and pay, by the numbers`,
    report: reportSlug(report.quarter),
  };
}

/** What listings pay, by role and region (issue 30): in the Resources menu and the footer. */
export const SALARIES_LINK: NavLink = {
  label: "Salaries",
  href: routes.salaries(),
  description: "What creator-economy roles pay, by role and region",
};

/** The header's dropdowns as of `now`: the Resources menu links the latest report. */
export function headerMenus(now: Date = new Date()): readonly NavMenu[] {
  return [
    {
      label: "Pricing",
      items: [
        {
          label: "Sponsored Listings",
          href: routes.pricing,
          description: "Pin your role to the top of the board",
        },
        {
          label: "Recruitment Services",
          href: routes.recruitmentServices,
          description: "We source and vet candidates for you",
        },
      ],
    },
    {
      label: "Resources",
      items: [
        latestReportLink(now),
        SALARIES_LINK,
        {
          label: "Creator Tools Directory",
          href: TOOLS_DIRECTORY_URL,
          description: `${REPORT_BLURB.tools} tools for creators and their teams`,
          external: true,
        },
      ],
    },
  ];
}

const taxonomyLinks = (entries: readonly TaxonomyEntry[], href: (slug: string) => string) =>
  entries.map((entry) => ({ label: entry.label, href: href(entry.slug) }));

/** The footer's columns as of `now`: "Hiring Trends Report" is the latest report. */
export const footerColumns = (now: Date = new Date()): readonly NavMenu[] => [
  { label: "Jobs by role", items: taxonomyLinks(DEPARTMENTS, routes.department) },
  { label: "Jobs by location", items: taxonomyLinks(REGIONS, routes.region) },
  { label: "Jobs by type", items: taxonomyLinks(JOB_TYPES, routes.type) },
  {
    label: "Pages",
    items: [
      { label: "Jobs", href: routes.home },
      { label: "Post a job", href: routes.submit },
      { label: "Candidates", href: routes.talent },
      { label: "Sponsored Listings", href: routes.pricing },
      { label: "Recruitment Services", href: routes.recruitmentServices },
      { label: "Hiring Trends Report", href: latestReport(now).path },
      { label: SALARIES_LINK.label, href: SALARIES_LINK.href },
      { label: "Blog", href: routes.blog },
      { label: "About", href: routes.about },
    ],
  },
  {
    label: "Legal",
    items: [
      { label: "Privacy Policy", href: routes.legal.privacy },
      { label: "Terms for Candidates", href: routes.legal.tosCandidates },
      { label: "Terms for Employers", href: routes.legal.tosEmployers },
      { label: "Acceptable Use Policy", href: routes.legal.acceptableUse },
    ],
  },
];

/** The footer's newsletter and social links, to the board's settings (lib/board-settings.ts). */
export const newsletterLink = (settings: BoardSettings): NavLink => ({
  label: "Subscribe to the newsletter",
  href: settings.newsletterUrl,
  // The board's own /newsletter by default (issue 66); an owner may name one elsewhere. Either way
  // it opens in the same tab and draws the same element: the prerendered pages swap only the
  // address (lib/server/board-settings-html.ts), so the element must not change with it.
  external: false,
});

export const socialLinks = (settings: BoardSettings): NavLink[] => [
  { label: "Follow us", href: settings.socialUrl, external: true },
  ...SOCIAL_NETWORKS.flatMap((network) => {
    const href = settings.social[network];
    return href ? [{ label: SOCIAL_NETWORK_LABELS[network], href, external: true }] : [];
  }),
];
