import { Dialog, DialogPanel, DialogTitle } from "@headlessui/react";
import { useState, type FormEvent } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FormSelectField, FormTextField } from "@/components/ui/form-fields";
import { GatedForm, SubmitButton } from "@/components/ui/gated-form";
import { ProfileScreenLoading } from "@/components/ui/profile-screen-state";
import { Refusal } from "@/components/ui/refusal";
import {
  useBoardTeam,
  useChangeBoardRole,
  useInviteToBoard,
  useRemoveBoardMember,
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
import { serverMessage, showServerFieldErrors } from "@/lib/form-errors";

/*
 * The board's own team (issue 64), for its owners: who runs the board with which role, the
 * invitations waiting, an invitation by address in a dialog, a role changed or a member removed.
 */

const ROLE_OPTIONS = BOARD_ROLES.map((role) => ({ value: role, label: BOARD_ROLE_LABELS[role] }));

type InviteValues = { email: string; role: BoardRole };
const INVITE_FIELDS = ["email", "role"] as const;

/** Invite someone by address, in a dialog: field errors by their field, a refusal under it. */
function InviteDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const invite = useInviteToBoard();
  const form = useForm<InviteValues>({ defaultValues: { email: "", role: "moderator" } });
  const {
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = form;
  const close = () => {
    if (invite.isPending) return;
    reset();
    invite.reset();
    onClose();
  };
  const onSubmit = handleSubmit((values) => {
    if (invite.isPending) return;
    invite.mutate(values, {
      onSuccess: () => {
        reset();
        onClose();
      },
      onError: (error) => {
        if (!showServerFieldErrors(error, setError, INVITE_FIELDS)) {
          setError("root.server", {
            type: "server",
            message: serverMessage(error, "The invitation was not sent. Please try again."),
          });
        }
      },
    });
  });
  return (
    <Dialog open={open} onClose={close} className="fixed inset-0 z-50">
      <div aria-hidden="true" className="fixed inset-0 bg-gray-900/50" />
      <div className="fixed inset-0 flex items-end justify-center p-4 sm:items-center">
        <DialogPanel className="w-full max-w-lg rounded-2xl bg-white p-6 shadow-xl">
          <DialogTitle className="text-base font-semibold text-gray-900">
            Invite someone to the board{"’"}s team
          </DialogTitle>
          <FormProvider {...form}>
            <GatedForm
              onSubmit={onSubmit}
              noValidate
              aria-label="Invite someone to the board's team"
              className="mt-4 space-y-4"
            >
              <FormTextField
                name="email"
                label="Email address"
                type="email"
                inputMode="email"
                autoComplete="off"
                placeholder="sam@example.com"
                hint="They get a link that works for 7 days, for this address only."
                required
              />
              <FormSelectField name="role" label="Role" options={ROLE_OPTIONS} />
              <Refusal message={errors.root?.server?.message} />
              <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
                <Button variant="secondary" onClick={close}>
                  Cancel
                </Button>
                <SubmitButton busy={invite.isPending}>
                  {invite.isPending ? "Sending…" : "Send invitation"}
                </SubmitButton>
              </div>
            </GatedForm>
          </FormProvider>
        </DialogPanel>
      </div>
    </Dialog>
  );
}

const nameOf = (member: BoardTeamMember) => member.name ?? member.email ?? "A member";

/** A member's role, changed in place; saved when it differs. */
function MemberRole({ member }: { member: BoardTeamMember }) {
  const change = useChangeBoardRole();
  const [role, setRole] = useState<BoardRole>(member.role);
  const id = `board-role-${member.id}`;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate({ member, role });
  };
  return (
    <form onSubmit={onSubmit} className="flex flex-col items-end gap-1">
      <div className="flex items-center gap-2">
        <label htmlFor={id} className="sr-only">
          Role of {nameOf(member)}
        </label>
        <select
          id={id}
          value={role}
          onChange={(event) => setRole(event.target.value as BoardRole)}
          className="rounded-lg bg-white py-2 pr-8 pl-3 text-sm font-medium text-gray-900 shadow-xs ring-1 ring-gray-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600"
        >
          {ROLE_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        {role !== member.role && (
          <Button type="submit" variant="secondary" busy={change.isPending}>
            {change.isPending ? "Saving…" : "Save role"}
          </Button>
        )}
      </div>
      <Refusal
        message={change.error ? serverMessage(change.error, "The role was not changed.") : null}
      />
    </form>
  );
}

/** Remove, after saying when it counts. */
function RemoveMember({ member }: { member: BoardTeamMember }) {
  const remove = useRemoveBoardMember();
  const [asking, setAsking] = useState(false);
  const name = nameOf(member);
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setAsking(true)}>
        Remove<span className="sr-only"> {name}</span>
      </Button>
      <ConfirmDialog
        open={asking}
        onClose={() => {
          setAsking(false);
          remove.reset();
        }}
        onConfirm={() => remove.mutate(member, { onSuccess: () => setAsking(false) })}
        title={`Remove ${name} from the board's team?`}
        confirmLabel="Remove from the team"
        pendingLabel="Removing…"
        cancelLabel="Keep them"
        pending={remove.isPending}
      >
        <p>
          {name} loses every area of /review from their next click. What they did stays in the audit
          log. To come back, they need a new invitation.
        </p>
        <div className="mt-3">
          <Refusal
            message={remove.error ? serverMessage(remove.error, "They were not removed.") : null}
          />
        </div>
      </ConfirmDialog>
    </>
  );
}

function MemberRow({ member }: { member: BoardTeamMember }) {
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 py-4">
      <div className="min-w-0 flex-1">
        <p className="font-medium break-all text-gray-900">
          {nameOf(member)}
          {member.is_you && <span className="text-gray-500"> (you)</span>}
        </p>
        <p className="mt-1 text-sm text-gray-600">
          {member.email} · added {formatDate(member.added_at)}
          {member.invited_by && <> · invited by {member.invited_by}</>}
        </p>
      </div>
      <MemberRole member={member} />
      <RemoveMember member={member} />
    </li>
  );
}

function InvitationRow({ invitation }: { invitation: BoardTeamInvitation }) {
  const withdraw = useWithdrawBoardInvitation();
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 py-4">
      <div className="min-w-0 flex-1">
        <p className="font-medium break-all text-gray-900">
          {invitation.email} · {BOARD_ROLE_LABELS[invitation.role]}
        </p>
        <p className="mt-1 text-sm text-gray-600">
          Sent {formatDate(invitation.sent_at)} ·{" "}
          {invitation.expired ? (
            <span className="font-medium text-amber-800">
              expired {formatDate(invitation.expires_at)}
            </span>
          ) : (
            <>expires {formatDate(invitation.expires_at)}</>
          )}
          {invitation.invited_by && <> · invited by {invitation.invited_by}</>}
        </p>
        <Refusal
          message={
            withdraw.error ? serverMessage(withdraw.error, "That did not work. Try again.") : null
          }
        />
      </div>
      <Button
        variant="ghost"
        size="sm"
        busy={withdraw.isPending}
        onClick={() => withdraw.mutate(invitation)}
      >
        {withdraw.isPending ? "Withdrawing…" : "Withdraw"}
        <span className="sr-only"> the invitation to {invitation.email}</span>
      </Button>
    </li>
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
        {team.invitations.length === 0 ? (
          <p className="mt-3 text-sm text-gray-600">No invitations waiting for an answer.</p>
        ) : (
          <ul role="list" aria-label="Invitations waiting" className="divide-y divide-gray-100">
            {team.invitations.map((invitation) => (
              <InvitationRow key={invitation.id} invitation={invitation} />
            ))}
          </ul>
        )}
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
