import { useState, type FormEvent, type ReactNode } from "react";
import { memberName } from "@/components/ui/member-name";
import { FormProvider, useForm, type DefaultValues } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FormSelectField, FormTextField } from "@/components/ui/form-fields";
import { GatedForm, SubmitButton } from "@/components/ui/gated-form";
import { Refusal } from "@/components/ui/refusal";
import { formatDate } from "@/lib/format";
import { serverMessage, showServerFieldErrors } from "@/lib/form-errors";

export { memberName };

/*
 * A team's list of people and its invitations, for a company's team (issue 44, features/companies)
 * and the board's own team (issue 64, features/moderation) alike: the invitation form, a pending
 * invitation's row (resend, withdraw), a member's role select and removal. Each team passes its
 * own roles, words and mutations (react-query's, narrowed to what is used here).
 */

/** A change a control makes: a react-query mutation, narrowed to what these controls use. */
export type TeamAction<V> = {
  mutate: (
    variables: V,
    options?: { onSuccess?: () => void; onError?: (error: unknown) => void },
  ) => void;
  reset: () => void;
  isPending: boolean;
  error: unknown;
};

export type RoleOption<R extends string> = { value: R; label: string };

export type InviteValues<R extends string> = { email: string; role: R };

/** The fields the API names in its 422 (without the `invitation` envelope). */
const INVITE_FIELDS = ["email", "role"] as const;

/**
 * Invite someone by address with a role. The server checks the address (a 422 shows by its
 * field) and says when it cannot send (a 409: in the team or invited already, too many today),
 * under the fields. After sending, the role stays chosen: several people are often invited alike.
 */
export function InviteForm<R extends string>({
  label,
  invite,
  roles,
  defaultRole,
  placeholder,
  hint,
  onSent,
  cancel,
  fieldsClassName,
}: {
  /** The form's accessible name. */
  label: string;
  invite: TeamAction<InviteValues<R>>;
  roles: readonly RoleOption<R>[];
  defaultRole: R;
  placeholder: string;
  hint: string;
  onSent?: () => void;
  /** A button beside Send (a dialog's Cancel). */
  cancel?: ReactNode;
  fieldsClassName?: string;
}) {
  const form = useForm<InviteValues<R>>({
    defaultValues: { email: "", role: defaultRole } as DefaultValues<InviteValues<R>>,
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
      onSuccess: () => {
        reset({ email: "", role: values.role } as InviteValues<R>);
        onSent?.();
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
    <FormProvider {...form}>
      <GatedForm onSubmit={onSubmit} noValidate aria-label={label} className="space-y-4">
        <div className={fieldsClassName ?? "space-y-4"}>
          <FormTextField
            name="email"
            label="Email address"
            type="email"
            inputMode="email"
            autoComplete="off"
            placeholder={placeholder}
            hint={hint}
            required
          />
          <FormSelectField name="role" label="Role" options={roles} />
        </div>
        <Refusal message={errors.root?.server?.message} />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          {cancel}
          <SubmitButton busy={invite.isPending}>
            {invite.isPending ? "Sending…" : "Send invitation"}
          </SubmitButton>
        </div>
      </GatedForm>
    </FormProvider>
  );
}

/** A pending invitation as both teams list it. */
export type PendingInvitationRow = {
  id: number;
  email: string;
  invited_by: string | null;
  sent_at: string;
  expires_at: string;
  expired: boolean;
};

/** When it was sent and until when its link works, or that it no longer does. */
function InvitationDates({ invitation }: { invitation: PendingInvitationRow }) {
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

function InvitationRow<I extends PendingInvitationRow>({
  invitation,
  role,
  useResend,
  useWithdraw,
}: {
  invitation: I;
  role: ReactNode;
  useResend: () => TeamAction<I>;
  useWithdraw: () => TeamAction<I>;
}) {
  const resend = useResend();
  const withdraw = useWithdraw();
  const busy = resend.isPending || withdraw.isPending;
  const failure = resend.error ?? withdraw.error;
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 py-4">
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium break-all text-gray-900">{invitation.email}</span>
          {role}
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
 * new link for another 7 days (the old one dies); Withdraw kills the link. `useResend` and
 * `useWithdraw` are the team's mutation hooks: each row has its own.
 */
export function InvitationList<I extends PendingInvitationRow>({
  invitations,
  label,
  roleOf,
  useResend,
  useWithdraw,
  className = "divide-y divide-gray-100",
}: {
  invitations: readonly I[];
  label: string;
  className?: string;
  roleOf: (invitation: I) => ReactNode;
  useResend: () => TeamAction<I>;
  useWithdraw: () => TeamAction<I>;
}) {
  if (invitations.length === 0) {
    return <p className="text-sm text-gray-600">No invitations waiting for an answer.</p>;
  }
  return (
    <ul role="list" aria-label={label} className={className}>
      {invitations.map((invitation) => (
        <InvitationRow
          key={invitation.id}
          invitation={invitation}
          role={roleOf(invitation)}
          useResend={useResend}
          useWithdraw={useWithdraw}
        />
      ))}
    </ul>
  );
}

/**
 * A member's role: the roles the reader may give, in the browser's own select (its keyboard and
 * a phone's picker, no script to load for it), saved by its button when it differs.
 */
export function RoleSelect<R extends string>({
  id,
  name,
  current,
  roles,
  change,
}: {
  id: string;
  /** Who the member is, for the select's label. */
  name: string;
  current: R;
  roles: readonly RoleOption<R>[];
  change: TeamAction<R>;
}) {
  const [role, setRole] = useState<R>(current);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (role === current || change.isPending) return;
    change.mutate(role);
  };
  return (
    <form
      onSubmit={submit}
      className="flex flex-col items-end gap-1"
      aria-label={`Change the role of ${name}`}
    >
      <div className="flex items-center gap-2">
        <label htmlFor={id} className="sr-only">
          Role of {name}
        </label>
        <select
          id={id}
          value={role}
          onChange={(event) => setRole(event.target.value as R)}
          className="rounded-lg bg-white py-2 pr-8 pl-3 text-sm font-medium text-gray-900 shadow-xs ring-1 ring-gray-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600"
        >
          {roles.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        {role !== current && (
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

/** Remove a member, after the dialog says what that means (`children`). */
export function RemoveMember({
  name,
  title,
  remove,
  children,
}: {
  name: string;
  title: string;
  remove: TeamAction<void>;
  children: ReactNode;
}) {
  const [asking, setAsking] = useState(false);
  const close = () => {
    setAsking(false);
    remove.reset();
  };
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setAsking(true)}>
        Remove<span className="sr-only"> {name}</span>
      </Button>
      <ConfirmDialog
        open={asking}
        onClose={close}
        onConfirm={() => remove.mutate(undefined, { onSuccess: () => setAsking(false) })}
        title={title}
        confirmLabel="Remove from the team"
        pendingLabel="Removing…"
        cancelLabel="Keep them"
        pending={remove.isPending}
      >
        {children}
        <div className="mt-3">
          <Refusal
            message={remove.error ? serverMessage(remove.error, "They were not removed.") : null}
          />
        </div>
      </ConfirmDialog>
    </>
  );
}

/** A mutation bound to one row (`{ member, role }` from a role): what RoleSelect and RemoveMember take. */
export function boundAction<V, W>(
  action: TeamAction<V>,
  variables: (value: W) => V,
): TeamAction<W> {
  return {
    mutate: (value, options) => action.mutate(variables(value), options),
    reset: action.reset,
    isPending: action.isPending,
    error: action.error,
  };
}
