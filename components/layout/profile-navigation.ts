import {
  AdjustmentsHorizontalIcon,
  ArrowDownTrayIcon,
  BanknotesIcon,
  BriefcaseIcon,
  BuildingStorefrontIcon,
  ChartBarIcon,
  ClockIcon,
  BuildingOffice2Icon,
  ClipboardDocumentCheckIcon,
  Cog6ToothIcon,
  MegaphoneIcon,
  EnvelopeOpenIcon,
  EyeSlashIcon,
  GiftIcon,
  HeartIcon,
  LifebuoyIcon,
  NewspaperIcon,
  PaperAirplaneIcon,
  ReceiptPercentIcon,
  ScaleIcon,
  TagIcon,
  UserCircleIcon,
  UserGroupIcon,
} from "@heroicons/react/24/outline";
import type { ComponentType, SVGProps } from "react";
import type { BoardArea } from "@/lib/auth/board-roles";
import { roleAtLeast, TEAM_MANAGER, type CompanyRole } from "@/lib/auth/company-roles";
import { routes } from "@/lib/routes";
import { boardSettings, contactMailto } from "@/lib/board-settings";

export type ProfileNavItem = {
  label: string;
  href: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
};

/** The board's contact address as its owner set it (lib/board-settings.ts), read when drawn. */
const support: ProfileNavItem = {
  label: "Support",
  get href() {
    return contactMailto(boardSettings());
  },
  icon: LifebuoyIcon,
};

/** Spec §2: the desktop sidebar, in order (Sign out is a button after these). */
export const SIDEBAR_ITEMS: readonly ProfileNavItem[] = [
  { label: "Profile overview", href: routes.profile, icon: UserCircleIcon },
  { label: "Preferences", href: routes.preferences, icon: AdjustmentsHorizontalIcon },
  { label: "Favorite jobs", href: routes.savedJobs, icon: HeartIcon },
  { label: "Applications", href: routes.appliedJobs, icon: PaperAirplaneIcon },
  { label: "Not interested", href: routes.rejectedJobs, icon: EyeSlashIcon },
  // Employers' invitations to apply (issue 47).
  { label: "Invitations", href: routes.invitations, icon: EnvelopeOpenIcon },
  { label: "Settings", href: routes.settings, icon: Cog6ToothIcon },
  support,
];

/** After the spec's sidebar items: the bottom bar's Jobs, which the spec's sidebar has not. */
export const SIDEBAR_EXTRA_ITEMS: readonly ProfileNavItem[] = [
  { label: "Jobs for you", href: routes.jobs, icon: BriefcaseIcon },
];

/** Spec §2: the mobile bottom bar, in order. */
export const MOBILE_BAR_ITEMS: readonly ProfileNavItem[] = [
  { label: "Overview", href: routes.profile, icon: UserCircleIcon },
  { label: "Prefer.", href: routes.preferences, icon: AdjustmentsHorizontalIcon },
  { label: "Jobs", href: routes.jobs, icon: BriefcaseIcon },
  { label: "Settings", href: routes.settings, icon: Cog6ToothIcon },
  support,
];

/**
 * Beside the spec's items, where an employer's and a moderator's work is (issue 42): shown to
 * whoever has a company, and to moderators.
 */
export const WORK_ITEMS = {
  listings: {
    label: "Your listings",
    short: "Listings",
    href: routes.listings,
    icon: BuildingOffice2Icon,
  },
  candidates: {
    label: "Find candidates",
    short: "Candidates",
    href: routes.candidates,
    icon: UserGroupIcon,
  },
  review: {
    label: "Review queue",
    short: "Review",
    href: routes.review,
    icon: ClipboardDocumentCheckIcon,
  },
} as const;

/** A group of the signed-in person's pages, by what they are to the board (issue 61). */
export type AccountSection = { label: string; items: readonly ProfileNavItem[] };

/** Who the person is, as GET /api/current_user says: a company's member, a moderator. */
export type AccountRoles = {
  is_moderator: boolean;
  /** The areas of /review the person's role on the board's team reaches (issue 64). */
  board_areas?: readonly BoardArea[];
  company: { role: CompanyRole } | null;
};

/** The moderation pages beside the review hub, each shown to the roles that reach its area. */
const MODERATION_ITEMS: readonly (ProfileNavItem & { area: BoardArea })[] = [
  { label: "Invoices", href: routes.reviewBilling, icon: ReceiptPercentIcon, area: "finance" },
  { label: "Prices and plans", href: routes.reviewOffer, icon: TagIcon, area: "finance" },
  { label: "Blog posts", href: routes.reviewPosts, icon: NewspaperIcon, area: "content" },
  { label: "Newsletter", href: routes.reviewNewsletter, icon: PaperAirplaneIcon, area: "content" },
  { label: "Revenue", href: routes.reviewRevenue, icon: BanknotesIcon, area: "finance" },
  {
    label: "Analytics",
    href: routes.reviewAnalytics,
    icon: ChartBarIcon,
    area: "insights",
  },
  { label: "ATS imports", href: routes.reviewImports, icon: ArrowDownTrayIcon, area: "imports" },
  { label: "Legal pages", href: routes.reviewLegal, icon: ScaleIcon, area: "content" },
  { label: "Board team", href: routes.reviewTeam, icon: UserGroupIcon, area: "team" },
  { label: "Partner offers", href: routes.reviewPartnerOffers, icon: GiftIcon, area: "content" },
  { label: "Board settings", href: routes.reviewSettings, icon: Cog6ToothIcon, area: "settings" },
  { label: "Social channels", href: routes.reviewSocial, icon: MegaphoneIcon, area: "operations" },
];

/** Every candidate's pages: the sidebar's, without Support (a mail, not a page). */
export const CANDIDATE_SECTION: AccountSection = {
  label: "Your job search",
  items: [...SIDEBAR_ITEMS.filter((item) => item.href !== support.href), ...SIDEBAR_EXTRA_ITEMS],
};

/**
 * The pages of an employer's and a moderator's work (issue 61: a phone reached two of them,
 * and a desktop three): the company's listings, page, team and candidate directory for every
 * member, its activity, billing and imports for the owner and admins (as TeamLinks shows them);
 * the review queue, invoices and imports for moderators.
 */
export function workSections(user: AccountRoles | null | undefined): AccountSection[] {
  const sections: AccountSection[] = [];
  const role = user?.company?.role;
  if (role) {
    sections.push({
      label: "Hiring",
      items: [
        WORK_ITEMS.listings,
        WORK_ITEMS.candidates,
        { label: "Company page", href: routes.companyEditor, icon: BuildingStorefrontIcon },
        { label: "Team", href: routes.team, icon: UserGroupIcon },
        ...(roleAtLeast(role, TEAM_MANAGER)
          ? [
              { label: "Company activity", href: routes.companyActivity, icon: ClockIcon },
              { label: "Billing", href: routes.billing, icon: BanknotesIcon },
              { label: "Imports", href: routes.imports, icon: ArrowDownTrayIcon },
            ]
          : []),
      ],
    });
  }
  if (user?.is_moderator) {
    sections.push({
      label: "Moderation",
      items: [
        WORK_ITEMS.review,
        ...MODERATION_ITEMS.filter(
          ({ area }) => !user.board_areas || user.board_areas.includes(area),
        ).map(({ area: _area, ...item }) => item),
      ],
    });
  }
  return sections;
}

/** Every page the person has, by role: theirs as a candidate, then their work's. */
export const accountSections = (user: AccountRoles | null | undefined): AccountSection[] => [
  CANDIDATE_SECTION,
  ...workSections(user),
];

/**
 * The item of `items` the page at `pathname` is under: the longest whose path it starts with
 * (/listings/candidates is the directory's, not the listings').
 */
export function currentItem(
  items: readonly ProfileNavItem[],
  pathname: string,
): ProfileNavItem | undefined {
  const within = (href: string) => pathname === href || pathname.startsWith(`${href}/`);
  return items.filter((item) => within(item.href)).sort((a, b) => b.href.length - a.href.length)[0];
}
