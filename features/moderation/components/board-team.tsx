import { Dialog, DialogPanel, DialogTitle } from "@headlessui/react";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ProfileScreenLoading } from "@/components/ui/profile-screen-state";
import {
  boundAction,
  InvitationList,
  InviteForm,
  memberName,
  RemoveMember,
  RoleSelect,
} from "@/components/ui/team-lists";
import { BOARD_INVITATION_DAYS } from "@/lib/auth/board-roles";
import {
  useBoardTeam,
  useChangeBoardRole,
  useInviteToBoard,
  useRemoveBoardMember,
  useResendBoardInvitation,
  useWithdrawBoardInvitation,
  type BoardTeam,
  type BoardTeamInvitation,
  type BoardTeamMember,
} from "@/features/moderation/hooks/use-board-team";
import {
  BOARD_ROLE_DESCRIPTIONS,
  BOARD_ROLE_LABELS,
  BOARD_ROLES,
  type BoardRole,
} from "@/lib/auth/board-roles";
import { formatDate } from "@/lib/format";

/*
 * The board's own team (issue 64), for its owners: who runs the board with which role, the
 * invitations waiting, an invitation by address in a dialog, a role changed or a member removed.
 */

const ROLE_OPTIONS = BOARD_ROLES.map((role) => ({ value: role, label: BOARD_ROLE_LABELS[role] }));

/** Invite someone by address, in a dialog: field errors by their field, a refusal under them. */
function InviteDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const invite = useInviteToBoard();
  const close = () => {
    if (invite.isPending) return;
    invite.reset();
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} className="fixed inset-0 z-50">
      <div aria-hidden="true" className="fixed inset-0 bg-gray-900/50" />
      <div className="fixed inset-0 flex items-end justify-center p-4 sm:items-center">
        <DialogPanel className="w-full max-w-lg rounded-2xl bg-white p-6 shadow-xl">
          <DialogTitle className="text-base font-semibold text-gray-900">
            Invite someone to the board{"’"}s team
          </DialogTitle>
          <div className="mt-4">
            <InviteForm
              label="Invite someone to the board's team"
              invite={invite}
              roles={ROLE_OPTIONS}
              defaultRole="moderator"
              placeholder="sam@example.com"
              hint={`They get a link that works for ${BOARD_INVITATION_DAYS} days, for this address only.`}
              onSent={onClose}
              cancel={
                <Button variant="secondary" onClick={close}>
                  Cancel
                </Button>
              }
            />
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}

function MemberRow({ member }: { member: BoardTeamMember }) {
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 py-4">
      <div className="min-w-0 flex-1">
        <p className="font-medium break-all text-gray-900">
          {memberName(member)}
          {member.is_you && <span className="text-gray-500"> (you)</span>}
        </p>
        <p className="mt-1 text-sm text-gray-600">
          {member.email} · added {formatDate(member.added_at)}
          {member.invited_by && <> · invited by {member.invited_by}</>}
        </p>
      </div>
      <MemberRole member={member} />
      <Remove member={member} />
    </li>
  );
}

/** A member's role, changed in place; saved when it differs. */
function MemberRole({ member }: { member: BoardTeamMember }) {
  const change = useChangeBoardRole();
  return (
    <RoleSelect
      key={member.role}
      id={`board-role-${member.id}`}
      name={memberName(member)}
      current={member.role}
      roles={ROLE_OPTIONS}
      change={boundAction(change, (role: BoardRole) => ({ member, role }))}
    />
  );
}

/** Remove, after saying when it counts. */
function Remove({ member }: { member: BoardTeamMember }) {
  const remove = useRemoveBoardMember();
  const name = memberName(member);
  return (
    <RemoveMember
      name={name}
      title={`Remove ${name} from the board's team?`}
      remove={boundAction(remove, () => member)}
    >
      <p>
        {name} loses every area of /review from their next click, and is told by mail. What they did
        stays in the audit log. To come back, they need a new invitation.
      </p>
    </RemoveMember>
  );
}

function TeamLists({ team }: { team: BoardTeam }) {
  return (
    <>
      <section aria-labelledby="board-owners">
        <h2 id="board-owners" className="text-lg font-semibold text-gray-900">
          Owners named by the board{"’"}s settings
        </h2>
        <p className="mt-1 text-sm text-gray-600">
          ADMIN_EMAILS names them; they stay owners until the board{"’"}s settings change.
        </p>
        <ul role="list" className="mt-3 text-sm text-gray-900">
          {team.named_owners.map((email) => (
            <li key={email} className="break-all">
              {email}
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="board-members" className="mt-10">
        <h2 id="board-members" className="text-lg font-semibold text-gray-900">
          Members
        </h2>
        {team.members.length === 0 ? (
          <p className="mt-3 text-sm text-gray-600">Nobody else yet: invite someone.</p>
        ) : (
          <ul role="list" aria-label="Members" className="divide-y divide-gray-100">
            {team.members.map((member) => (
              <MemberRow key={member.id} member={member} />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="board-invitations" className="mt-10">
        <h2 id="board-invitations" className="text-lg font-semibold text-gray-900">
          Invitations waiting
        </h2>
        <div className="mt-3">
          <InvitationList
            invitations={team.invitations}
            label="Invitations waiting"
            roleOf={(invitation: BoardTeamInvitation) => (
              <Badge tone="grey">{BOARD_ROLE_LABELS[invitation.role]}</Badge>
            )}
            useResend={useResendBoardInvitation}
            useWithdraw={useWithdrawBoardInvitation}
          />
        </div>
      </section>
    </>
  );
}

/** /review/team's screen: the roles, the team, and the invitation dialog. */
export function BoardTeamScreen() {
  const { data } = useBoardTeam(true);
  const [inviting, setInviting] = useState(false);
  if (!data) return <ProfileScreenLoading />;
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <dl className="grid gap-2 text-sm sm:grid-cols-2">
          {BOARD_ROLES.map((role) => (
            <div key={role}>
              <dt className="font-medium text-gray-900">{BOARD_ROLE_LABELS[role]}</dt>
              <dd className="text-gray-600">{BOARD_ROLE_DESCRIPTIONS[role]}</dd>
            </div>
          ))}
        </dl>
        <Button onClick={() => setInviting(true)}>Invite someone</Button>
      </div>
      <div className="mt-10">
        <TeamLists team={data.team} />
      </div>
      <InviteDialog open={inviting} onClose={() => setInviting(false)} />
    </>
  );
}
