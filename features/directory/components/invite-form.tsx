import { FormProvider, useForm, useWatch } from "react-hook-form";
import { charactersLeft } from "@/features/directory/components/directory-parts";
import { Refusal } from "@/components/ui/refusal";
import { ButtonLink } from "@/components/ui/button";
import { Link } from "@/components/ui/link";
import { FormSelectField, FormTextAreaField } from "@/components/ui/form-fields";
import { GatedForm, SubmitButton } from "@/components/ui/gated-form";
import { formatDateTime } from "@/lib/format-time";
import {
  nextUtcMidnight,
  useInviteCandidate,
  type DirectoryProfile,
} from "@/features/directory/hooks/use-directory";
import { errorCode, serverMessage, showServerFieldErrors } from "@/lib/form-errors";
import type { OwnListing } from "@/features/listings/types";
import { routes } from "@/lib/routes";
import { INVITATION_MESSAGE_MAX } from "@/features/directory/directory";

type InviteValues = { job_id: string; message: string };

/** The fields the API names in its 422. */
const INVITE_FIELDS = ["job_id", "message"] as const;

/** A refusal of the invitation in plain words: the server's sentence, and when a limit lifts. */
function refusalOf(error: unknown): string {
  const said = serverMessage(error, "The invitation was not sent. Please try again.");
  if (errorCode(error) === "rate_limited") {
    return `${said}. You can invite again from ${formatDateTime(nextUtcMidnight())}.`;
  }
  return said;
}

/**
 * Said under the listing when the candidate already applied to it (issue 61): nothing more to
 * invite them to, and where they are instead. The button is off meanwhile.
 */
function AppliedWarning({ appliedJobIds, name }: { appliedJobIds: number[]; name: string }) {
  const jobId = Number(useWatch<InviteValues, "job_id">({ name: "job_id" }));
  if (!appliedJobIds.includes(jobId)) return null;
  return (
    <p role="status" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
      {name} already applied to this listing, so there is nothing to invite them to: find them{" "}
      <Link
        href={routes.listingApplicants(jobId)}
        className="font-medium underline hover:no-underline"
      >
        among its applicants
      </Link>
      , where you can write to them.
    </p>
  );
}

function SendButton({
  busy,
  disabled,
  appliedJobIds,
}: {
  busy: boolean;
  disabled: boolean;
  appliedJobIds: number[];
}) {
  const jobId = Number(useWatch<InviteValues, "job_id">({ name: "job_id" }));
  return (
    <SubmitButton busy={busy} disabled={disabled || appliedJobIds.includes(jobId)}>
      {busy ? "Sending…" : "Send invitation"}
    </SubmitButton>
  );
}

function MessageField({ disabled }: { disabled: boolean }) {
  const message = useWatch<InviteValues, "message">({ name: "message" }) ?? "";
  return (
    <FormTextAreaField
      name="message"
      label="Your message"
      hint={charactersLeft(message, INVITATION_MESSAGE_MAX)}
      rows={5}
      maxLength={INVITATION_MESSAGE_MAX}
      disabled={disabled}
      rules={{ validate: (text: string) => text.trim() !== "" || "Write a short message" }}
      required
    />
  );
}

/**
 * Invites a candidate to apply to one of the company's live listings (issue 47), with a short
 * message they read as written. A refused listing or message shows under its field; a second
 * invitation to the same job (409), a candidate who no longer takes invitations (410) or the
 * day's invitations spent (429) shows above the button. A viewer sees it disabled, and why.
 */
export function InviteForm({
  profile,
  listings,
  canInvite,
}: {
  profile: DirectoryProfile;
  /** The company's live listings. */
  listings: OwnListing[];
  /** A recruiter or above. */
  canInvite: boolean;
}) {
  const invite = useInviteCandidate(profile.key);
  const form = useForm<InviteValues>({
    defaultValues: { job_id: listings.length === 1 ? String(listings[0]!.id) : "", message: "" },
  });
  const {
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = form;

  if (listings.length === 0) {
    return (
      <div className="space-y-3 text-sm text-gray-700">
        <p>Your company has no live listing to invite {profile.name} to.</p>
        {canInvite && (
          <ButtonLink href={routes.submit} size="sm">
            Post a job
          </ButtonLink>
        )}
      </div>
    );
  }

  const onSubmit = handleSubmit((values) => {
    if (invite.isPending || !canInvite) return;
    if (profile.applied_job_ids.includes(Number(values.job_id))) return;
    invite.mutate(
      { job_id: Number(values.job_id), message: values.message },
      {
        onSuccess: () => reset({ job_id: values.job_id, message: "" }),
        onError: (error) => {
          if (!showServerFieldErrors(error, setError, INVITE_FIELDS)) {
            setError("root.server", { type: "server", message: refusalOf(error) });
          }
        },
      },
    );
  });

  return (
    <FormProvider {...form}>
      <GatedForm
        onSubmit={onSubmit}
        noValidate
        aria-label={`Invite ${profile.name} to apply`}
        className="space-y-4"
      >
        {!canInvite && (
          <p className="rounded-lg bg-gray-50 p-3 text-sm text-gray-700">
            As a viewer you can read profiles but not invite: a recruiter, an admin or the owner of
            your company can.
          </p>
        )}
        <FormSelectField
          name="job_id"
          label="Job"
          hint="One of your live listings."
          disabled={!canInvite}
          rules={{ required: "Choose one of your live listings" }}
          options={[
            { value: "", label: "Choose a listing" },
            ...listings.map((listing) => ({ value: String(listing.id), label: listing.title })),
          ]}
        />
        <AppliedWarning appliedJobIds={profile.applied_job_ids} name={profile.name} />
        <MessageField disabled={!canInvite} />
        <Refusal message={errors.root?.server?.message} />
        <div className="flex justify-end">
          <SendButton
            busy={invite.isPending}
            disabled={!canInvite}
            appliedJobIds={profile.applied_job_ids}
          />
        </div>
      </GatedForm>
    </FormProvider>
  );
}
