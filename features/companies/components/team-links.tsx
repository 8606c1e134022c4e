import {
  ArrowDownTrayIcon,
  BanknotesIcon,
  ClockIcon,
  IdentificationIcon,
  UserGroupIcon,
} from "@heroicons/react/20/solid";
import { secondaryButtonClass } from "@/components/ui/button";
import { Link } from "@/components/ui/link";
import { roleAtLeast, TEAM_MANAGER, type CompanyRole } from "@/lib/auth/company-roles";
import { routes } from "@/lib/routes";

/**
 * The company's Team page and its candidate directory (issue 47), and its Activity, Billing and
 * Imports for the owner and admins: beside the company page's link on the employer's screens.
 * Nothing for someone in no company.
 */
export function TeamLinks({ role }: { role: CompanyRole | null | undefined }) {
  if (!role) return null;
  return (
    <>
      <Link href={routes.team} className={secondaryButtonClass}>
        <UserGroupIcon aria-hidden="true" className="size-4" />
        Team
      </Link>
      <Link href={routes.candidates} className={secondaryButtonClass}>
        <IdentificationIcon aria-hidden="true" className="size-4" />
        Candidates
      </Link>
      {roleAtLeast(role, TEAM_MANAGER) && (
        <>
          <Link href={routes.companyActivity} className={secondaryButtonClass}>
            <ClockIcon aria-hidden="true" className="size-4" />
            Activity
          </Link>
          <Link href={routes.billing} className={secondaryButtonClass}>
            <BanknotesIcon aria-hidden="true" className="size-4" />
            Billing
          </Link>
          <Link href={routes.imports} className={secondaryButtonClass}>
            <ArrowDownTrayIcon aria-hidden="true" className="size-4" />
            Imports
          </Link>
        </>
      )}
    </>
  );
}
