import { FormProvider, useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { FormSelectField, FormTextField } from "@/components/ui/form-fields";
import { GatedForm, SubmitButton } from "@/components/ui/gated-form";
import { RoleBadge, rolesGivenBy } from "@/features/companies/components/team-parts";
import { Refusal } from "@/components/ui/refusal";
import {
  useInviteMember,
  useResendInvitation,
  useWithdrawInvitation,
  type PendingInvitation,
  type Team,
} from "@/features/companies/hooks/use-team";
import { INVITATION_DAYS } from "@/features/companies/team";
import { ROLE_LABELS, type AssignableRole } from "@/lib/auth/company-roles";
import { formatDate } from "@/lib/format";
import { serverMessage, showServerFieldErrors } from "@/lib/form-errors";

type InviteValues = { email: string; role: AssignableRole };

/** The fields the API names in its 422 (without the `invitation` envelope). */
const INVITE_FIELDS = ["email", "role"] as const;

/**
 * Invite someone by address, with a role up to the reader's own. The server checks the address
 * (a 422 shows by its field) and says when it cannot send (a 409: already in the team or invited,
 * the team full, the day's invitations spent), under the button.
 */
export function InviteForm({ team }: { team: Team }) {
  const invite = useInviteMember();
  const roles = rolesGivenBy(team.you.role);
  const form = useForm<InviteValues>({
    defaultValues: {
      email: "",
      role: roles.includes("recruiter") ? "recruiter" : (roles[0] ?? "viewer"),
    },
  });
  const {
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = form;

  const onSubmit = handleSubmit((values) => {
    if (invite.isPending) return;
    invite.mutate(values, {
      // The role stays chosen: several people are often invited alike.
      onSuccess: () => reset({ email: "", role: values.role }),
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
    <FormProvider {...form}>
      <GatedForm onSubmit={onSubmit} noValidate aria-label="Invite someone" className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_12rem]">
          <FormTextField
            name="email"
            label="Email address"
            type="email"
            inputMode="email"
            autoComplete="off"
            placeholder="sam@company.com"
            hint={`They get a link that works for ${INVITATION_DAYS} days, for this address only.`}
            required
          />
          <FormSelectField
            name="role"
            label="Role"
            options={roles.map((role) => ({ value: role, label: ROLE_LABELS[role] }))}
          />
        </div>
        <div className="flex flex-wrap items-center justify-end gap-4">
          <Refusal message={errors.root?.server?.message} />
          <SubmitButton busy={invite.isPending}>
            {invite.isPending ? "Sending…" : "Send invitation"}
          </SubmitButton>
        </div>
      </GatedForm>
    </FormProvider>
  );
}

/** When it was sent and until when its link works, or that it no longer does. */
function InvitationDates({ invitation }: { invitation: PendingInvitation }) {
  const sent = `Sent ${formatDate(invitation.sent_at)}`;
  if (invitation.expired) {
    return (
      <>
        {sent} ·{" "}
        <span className="font-medium text-amber-800">
          Expired {formatDate(invitation.expires_at)}
        </span>
        : send it again or withdraw it
      </>
    );
  }
  return (
    <>
      {sent} · expires {formatDate(invitation.expires_at)}
    </>
  );
}

function InvitationRow({ invitation }: { invitation: PendingInvitation }) {
  const resend = useResendInvitation();
  const withdraw = useWithdrawInvitation();
  const busy = resend.isPending || withdraw.isPending;
  const failure = resend.error ?? withdraw.error;
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 py-4">
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium break-all text-gray-900">{invitation.email}</span>
          <RoleBadge role={invitation.role} />
        </p>
        <p className="mt-1 text-sm text-gray-600">
          <InvitationDates invitation={invitation} />
          {invitation.invited_by && <> · invited by {invitation.invited_by}</>}
        </p>
        <Refusal
          message={failure ? serverMessage(failure, "That did not work. Please try again.") : null}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          busy={busy}
          onClick={() => {
            withdraw.reset();
            resend.mutate(invitation);
          }}
        >
          {resend.isPending ? "Sending…" : "Resend"}
          <span className="sr-only"> the invitation to {invitation.email}</span>
        </Button>
        <Button
          variant="ghost"
          size="sm"
          busy={busy}
          onClick={() => {
            resend.reset();
            withdraw.mutate(invitation);
          }}
        >
          {withdraw.isPending ? "Withdrawing…" : "Withdraw"}
          <span className="sr-only"> the invitation to {invitation.email}</span>
        </Button>
      </div>
    </li>
  );
}

/**
 * Invitations not yet accepted: to whom, with which role, sent and expiring when. Resend sends a
 * new link for another 7 days (the old one dies); Withdraw kills the link.
 */
export function InvitationList({ team }: { team: Team }) {
  if (team.invitations.length === 0) {
    return <p className="text-sm text-gray-600">No invitations waiting for an answer.</p>;
  }
  return (
    <ul role="list" aria-label="Pending invitations" className="-my-4 divide-y divide-gray-100">
      {team.invitations.map((invitation) => (
        <InvitationRow key={invitation.id} invitation={invitation} />
      ))}
    </ul>
  );
}
