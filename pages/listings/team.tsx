import { ClockIcon } from "@heroicons/react/20/solid";
import { BackToListings, companyLinkClass } from "@/features/listings/components/back-to-listings";
import { Link } from "@/components/ui/link";
import { TeamScreen } from "@/features/companies/components/team-screen";
import { ProfilePageHeader } from "@/components/ui/profile-page-header";
import { useTeam } from "@/features/companies/hooks/use-team";
import { roleAtLeast, TEAM_MANAGER } from "@/lib/auth/company-roles";
import { routes } from "@/lib/routes";

/**
 * /listings/team: the people who run the company's listings, their roles and invitations
 * (issue 44). Signed in only (the profile layout sees to that); its data comes from the API.
 */
export default function TeamPage() {
  // The same query as the screen's: the role as the team now is (after a handover, say).
  const { data: team } = useTeam();
  const role = team?.you.role;
  return (
    <>
      <ProfilePageHeader
        title="Your team"
        lead="Who runs your company's listings and applicants with you, and what each of them may do."
      />
      <div className="mt-6 flex flex-wrap items-center gap-x-6 gap-y-3">
        <BackToListings />
        {role && roleAtLeast(role, TEAM_MANAGER) && (
          <Link href={routes.companyActivity} className={companyLinkClass}>
            <ClockIcon aria-hidden="true" className="size-4" />
            Company activity
          </Link>
        )}
      </div>
      <div className="mt-8">
        <TeamScreen />
      </div>
    </>
  );
}
