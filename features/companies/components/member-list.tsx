import { useState } from "react";
import { PictureOrInitial } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { boundAction, RemoveMember, RoleSelect } from "@/components/ui/team-lists";
import { memberName, RoleBadge, rolesGivenBy } from "@/features/companies/components/team-parts";
import { Refusal } from "@/components/ui/refusal";
import {
  useChangeMemberRole,
  useHandOverCompany,
  useRemoveMember,
  type Team,
  type TeamMember,
} from "@/features/companies/hooks/use-team";
import {
  ROLE_LABELS,
  roleAtLeast,
  TEAM_MANAGER,
  type AssignableRole,
} from "@/lib/auth/company-roles";
import { formatDate } from "@/lib/format";
import { serverMessage } from "@/lib/form-errors";

/** What the reader may do to one member: only what their own role allows. */
function allowed(team: Team, member: TeamMember) {
  const mine = team.you.role;
  // Never on oneself (leaving is below), never on the owner (only a handover moves that).
  const managed =
    roleAtLeast(mine, TEAM_MANAGER) &&
    !member.is_you &&
    member.role !== "owner" &&
    roleAtLeast(mine, member.role);
  return {
    changeRole: managed,
    remove: managed,
    handOver: mine === "owner" && member.role === "admin",
  };
}

/** A member's role: the roles the reader may give, saved by its button. */
function RoleMenu({ team, member }: { team: Team; member: TeamMember }) {
  const change = useChangeMemberRole();
  return (
    <RoleSelect
      id={`role-of-${member.id}`}
      name={memberName(member)}
      current={member.role as AssignableRole}
      roles={rolesGivenBy(team.you.role).map((role) => ({ value: role, label: ROLE_LABELS[role] }))}
      change={boundAction(change, (role: AssignableRole) => ({ member, role }))}
    />
  );
}

/** Remove, after saying what cannot be undone. */
function Remove({ team, member }: { team: Team; member: TeamMember }) {
  const remove = useRemoveMember();
  const name = memberName(member);
  return (
    <RemoveMember
      name={name}
      title={`Remove ${name} from the team?`}
      remove={boundAction(remove, () => member)}
    >
      <p>
        {name} loses {team.company.name}&rsquo;s listings, applicants and team from their next
        click. What they did stays with the company, under their name. This cannot be undone: to
        come back, they need a new invitation.
      </p>
    </RemoveMember>
  );
}

/** The owner hands the company over to an admin, after saying what that means for both. */
function HandOver({ team, member }: { team: Team; member: TeamMember }) {
  const handOver = useHandOverCompany();
  const [asking, setAsking] = useState(false);
  const name = memberName(member);
  const close = () => {
    setAsking(false);
    handOver.reset();
  };
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setAsking(true)}>
        Hand over<span className="sr-only"> to {name}</span>
      </Button>
      <ConfirmDialog
        open={asking}
        onClose={close}
        onConfirm={() => handOver.mutate(member, { onSuccess: () => setAsking(false) })}
        title={`Hand ${team.company.name} over to ${name}?`}
        confirmLabel="Hand over the company"
        pendingLabel="Handing over…"
        cancelLabel="Keep it"
        pending={handOver.isPending}
      >
        <p>
          {name} becomes its owner: everything, including billing, the team and handing it over
          again. You become an admin: you keep running listings, applicants and the team, but can no
          longer remove the owner or hand the company over. Only {name} can hand it back.
        </p>
        <div className="mt-3">
          <Refusal
            message={
              handOver.error
                ? serverMessage(handOver.error, "The company was not handed over.")
                : undefined
            }
          />
        </div>
      </ConfirmDialog>
    </>
  );
}

function MemberRow({ team, member }: { team: Team; member: TeamMember }) {
  const can = allowed(team, member);
  const name = memberName(member);
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-3 py-4">
      <PictureOrInitial src={member.avatar_url} name={name} />
      <div className="min-w-0 flex-1">
        <p className="font-medium text-gray-900">
          {name}
          {member.is_you && <span className="font-normal text-gray-500"> (you)</span>}
        </p>
        {member.name && member.email && (
          <p className="truncate text-sm text-gray-600">{member.email}</p>
        )}
        <p className="text-xs text-gray-500">Joined {formatDate(member.joined_at)}</p>
      </div>
      <div className="flex flex-wrap items-center justify-end gap-2">
        {can.changeRole ? (
          <RoleMenu key={member.role} team={team} member={member} />
        ) : (
          <RoleBadge role={member.role} />
        )}
        {can.handOver && <HandOver team={team} member={member} />}
        {can.remove && <Remove team={team} member={member} />}
      </div>
    </li>
  );
}

/**
 * The company's members: picture, name, address, role, and "you". The owner and admins change
 * roles and remove members (no one above their own role, never the owner); the owner hands the
 * company over to an admin. The other roles read it.
 */
export function MemberList({ team }: { team: Team }) {
  return (
    <ul role="list" aria-label="Members" className="-my-4 divide-y divide-gray-100">
      {team.members.map((member) => (
        <MemberRow key={member.id} team={team} member={member} />
      ))}
    </ul>
  );
}
