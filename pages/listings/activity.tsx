import { ArrowLeftIcon } from "@heroicons/react/20/solid";
import { Link } from "@/components/ui/link";
import { ActivityScreen } from "@/features/companies/components/activity-list";
import { ProfilePageHeader } from "@/components/ui/profile-page-header";
import { routes } from "@/lib/routes";

/**
 * /listings/activity: who did what in the company, for its owner and admins (issue 44). Signed
 * in only (the profile layout sees to that); the API says who may read it.
 */
export default function CompanyActivityPage() {
  return (
    <>
      <ProfilePageHeader
        title="Company activity"
        lead="Who did what in your company, newest first: the team and its invitations, listings, and applicants moved."
      />
      <div className="mt-6">
        <Link
          href={routes.team}
          className="inline-flex items-center gap-1 text-sm font-semibold text-violet-700 hover:text-violet-900"
        >
          <ArrowLeftIcon aria-hidden="true" className="size-4" />
          Your team
        </Link>
      </div>
      <div className="mt-8">
        <ActivityScreen />
      </div>
    </>
  );
}
