import {
  AdjustmentsHorizontalIcon,
  BriefcaseIcon,
  BuildingOffice2Icon,
  ClipboardDocumentCheckIcon,
  Cog6ToothIcon,
  EnvelopeOpenIcon,
  EyeSlashIcon,
  HeartIcon,
  LifebuoyIcon,
  PaperAirplaneIcon,
  UserCircleIcon,
  UserGroupIcon,
} from "@heroicons/react/24/outline";
import type { ComponentType, SVGProps } from "react";
import { routes } from "@/lib/routes";
import { SUPPORT_MAILTO } from "@/lib/site";

export type ProfileNavItem = {
  label: string;
  href: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
};

const support: ProfileNavItem = { label: "Support", href: SUPPORT_MAILTO, icon: LifebuoyIcon };

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
