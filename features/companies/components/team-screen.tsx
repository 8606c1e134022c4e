import {
  EmptyList,
  isRemovedFromTeam,
  ProfileScreenLoading,
  RemovedFromTeam,
} from "@/components/ui/profile-screen-state";
import { InvitationList, InviteForm } from "@/features/companies/components/invitations";
import { MemberList } from "@/features/companies/components/member-list";
import { LoadFailed } from "@/components/ui/load-failed";
import { RoleBadge, RoleGuide } from "@/features/companies/components/team-parts";
import { RegionCard } from "@/components/ui/region-card";
import { ApplicantMailForm, LeaveCompany } from "@/features/companies/components/your-membership";
import { useTeam, type Team } from "@/features/companies/hooks/use-team";
import { INVITATIONS_PER_DAY } from "@/features/companies/team";
import { ROLE_DESCRIPTIONS, roleAtLeast, TEAM_MANAGER } from "@/lib/auth/company-roles";
import { formatCount } from "@/lib/format";
import { routes } from "@/lib/routes";

/** The company, and the reader's place in it. */
function YourPlace({ team }: { team: Team }) {
  return (
    <div className="rounded-2xl bg-white p-5 shadow-xs ring-1 ring-gray-200 sm:p-6">
      <p className="text-sm text-gray-600">Company</p>
      <p className="text-lg font-semibold text-gray-900">{team.company.name}</p>
      <p className="mt-3 flex flex-wrap items-center gap-2 text-sm text-gray-700">
        Your role: <RoleBadge role={team.you.role} />
      </p>
      <p className="mt-1 text-sm text-gray-600">{ROLE_DESCRIPTIONS[team.you.role]}</p>
    </div>
  );
}

/** How full the team is and what is left of the day's invitations. */
function limitsOf(team: Team) {
  const { members_max, invitations_left_today } = team.limits;
  const taken = team.members.length + team.invitations.length;
  return `${formatCount(taken)} of ${formatCount(members_max)} places taken (pending invitations count). ${formatCount(invitations_left_today)} of ${INVITATIONS_PER_DAY} invitations left for today.`;
}

function TeamContent({ team }: { team: Team }) {
  const manager = roleAtLeast(team.you.role, TEAM_MANAGER);
  const count = team.members.length;
  return (
    <div className="space-y-6">
      <YourPlace team={team} />
      <RegionCard
        title="Members"
        lead={
          manager
            ? `${count} ${count === 1 ? "person" : "people"}. Change a role from its menu; remove someone, or hand the company over, from their row.`
            : `${count} ${count === 1 ? "person" : "people"}. The owner and admins manage the team.`
        }
      >
        <MemberList team={team} />
        {!manager && <RoleGuide />}
      </RegionCard>
      {manager && (
        <RegionCard title="Invite someone" lead={limitsOf(team)}>
          <InviteForm team={team} />
          <div>
            <h3 className="text-sm font-semibold text-gray-900">What each role may do</h3>
            <div className="mt-2">
              <RoleGuide />
            </div>
          </div>
        </RegionCard>
      )}
      {manager && (
        <RegionCard title="Pending invitations">
          <InvitationList team={team} />
        </RegionCard>
      )}
      <RegionCard
        title="Your new-applicant mail"
        lead="Which mail you get when someone applies on the board. Only yours: each member chooses."
      >
        <ApplicantMailForm key={team.you.applicant_mail} team={team} />
      </RegionCard>
      <RegionCard title="Leave the company">
        <LeaveCompany team={team} />
      </RegionCard>
    </div>
  );
}

/**
 * /listings/team: the company's team. Everyone in it reads who is in it and with which role, and
 * chooses their own new-applicant mail; the owner and admins invite, change roles and remove;
 * the owner hands the company over. Someone in no company sees where a company comes from.
 */
export function TeamScreen() {
  const { data: team, isPending, isError, error, refetch } = useTeam();
  if (isPending) return <ProfileScreenLoading />;
  if (isRemovedFromTeam(error)) return <RemovedFromTeam error={error} />;
  if (isError) return <LoadFailed what="Your team" retry={() => void refetch()} />;
  if (!team) {
    return (
      <EmptyList title="No team yet" action={{ href: routes.submit, label: "Post a job" }}>
        Your company, and its team, are made with your first listing, from the company details you
        give there. Someone invited to a company&rsquo;s team joins it from the link in their
        invitation.
      </EmptyList>
    );
  }
  return <TeamContent team={team} />;
}
