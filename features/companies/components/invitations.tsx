import {
  InvitationList as SharedInvitationList,
  InviteForm as SharedInviteForm,
} from "@/components/ui/team-lists";
import { RoleBadge, rolesGivenBy } from "@/features/companies/components/team-parts";
import {
  useInviteMember,
  useResendInvitation,
  useWithdrawInvitation,
  type PendingInvitation,
  type Team,
} from "@/features/companies/hooks/use-team";
import { INVITATION_DAYS } from "@/features/companies/team";
import { ROLE_LABELS } from "@/lib/auth/company-roles";

/**
 * Invite someone by address, with a role up to the reader's own. The server checks the address
 * (a 422 shows by its field) and says when it cannot send (a 409: already in the team or invited,
 * the team full, the day's invitations spent), under the fields.
 */
export function InviteForm({ team }: { team: Team }) {
  const invite = useInviteMember();
  const roles = rolesGivenBy(team.you.role);
  return (
    <SharedInviteForm
      label="Invite someone"
      invite={invite}
      roles={roles.map((role) => ({ value: role, label: ROLE_LABELS[role] }))}
      defaultRole={roles.includes("recruiter") ? "recruiter" : (roles[0] ?? "viewer")}
      placeholder="sam@company.com"
      hint={`They get a link that works for ${INVITATION_DAYS} days, for this address only.`}
      fieldsClassName="grid gap-4 sm:grid-cols-[minmax(0,1fr)_12rem]"
    />
  );
}

/**
 * Invitations not yet accepted: to whom, with which role, sent and expiring when. Resend sends a
 * new link for another 7 days (the old one dies); Withdraw kills the link.
 */
export function InvitationList({ team }: { team: Team }) {
  return (
    <SharedInvitationList
      invitations={team.invitations}
      label="Pending invitations"
      roleOf={(invitation: PendingInvitation) => <RoleBadge role={invitation.role} />}
      useResend={useResendInvitation}
      useWithdraw={useWithdrawInvitation}
      className="-my-4 divide-y divide-gray-100"
    />
  );
}
