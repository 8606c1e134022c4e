import { Field, Label, Radio, RadioGroup } from "@headlessui/react";
import { useRouter } from "next/router";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { GatedForm, SubmitButton } from "@/components/ui/gated-form";
import { Refusal } from "@/components/ui/refusal";
import {
  useLeaveCompany,
  useUpdateMembership,
  type Team,
} from "@/features/companies/hooks/use-team";
import {
  APPLICANT_MAIL_CHOICES,
  APPLICANT_MAIL_LABELS,
  type ApplicantMailChoice,
} from "@/features/companies/team";
import { hasFieldErrors } from "@/lib/error-toast";
import { serverMessage } from "@/lib/form-errors";
import { routes } from "@/lib/routes";

const refusalOf = (error: unknown, fallback: string) =>
  hasFieldErrors(error)
    ? Object.values(error.errors).flat().join(" ")
    : serverMessage(error, fallback);

/**
 * Which new-applicant mail the reader gets: for the listings they posted (as each listing is set),
 * for every listing of the company at once or in a daily digest, or none. Saved with Save.
 */
export function ApplicantMailForm({ team }: { team: Team }) {
  const update = useUpdateMembership();
  const saved = team.you.applicant_mail;
  // The screen gives the form a new key when the saved choice changes: it starts from it again.
  const [choice, setChoice] = useState<ApplicantMailChoice>(saved);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    update.mutate({ applicant_mail: choice });
  };

  return (
    <GatedForm onSubmit={submit} aria-label="Your new-applicant mail" className="space-y-4">
      <RadioGroup
        value={choice}
        onChange={(next: ApplicantMailChoice) => {
          update.reset();
          setChoice(next);
        }}
        aria-label="Which new-applicant mail you get"
        className="space-y-3"
      >
        {APPLICANT_MAIL_CHOICES.map((option) => (
          <Field key={option} className="flex items-center gap-3">
            <Radio
              value={option}
              className="group flex size-5 shrink-0 cursor-pointer items-center justify-center rounded-full bg-white ring-1 ring-gray-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600 data-checked:bg-violet-600 data-checked:ring-violet-600"
            >
              <span className="invisible size-2 rounded-full bg-white group-data-checked:visible" />
            </Radio>
            <Label className="cursor-pointer text-sm text-gray-700">
              {APPLICANT_MAIL_LABELS[option]}
            </Label>
          </Field>
        ))}
      </RadioGroup>
      <div className="flex flex-wrap items-center justify-end gap-4">
        <Refusal
          message={
            update.error
              ? refusalOf(update.error, "Your choice was not saved. Please try again.")
              : null
          }
        />
        <SubmitButton variant="secondary" busy={update.isPending} disabled={choice === saved}>
          {update.isPending ? "Saving…" : "Save"}
        </SubmitButton>
      </div>
    </GatedForm>
  );
}

/**
 * Leaving, for everyone but the owner (who hands the company over first), after saying what it
 * means. Afterwards the reader has no company, and goes to their profile.
 */
export function LeaveCompany({ team }: { team: Team }) {
  const router = useRouter();
  const leave = useLeaveCompany();
  const [asking, setAsking] = useState(false);
  const company = team.company.name;

  if (team.you.role === "owner") {
    return (
      <p className="text-sm text-gray-600">
        You own {company}. To leave it, hand it over to one of its admins first (Hand over, beside
        them above): you then become an admin, and can leave.
      </p>
    );
  }
  const close = () => {
    setAsking(false);
    leave.reset();
  };
  return (
    <>
      <div>
        <Button variant="danger" onClick={() => setAsking(true)}>
          Leave the company
        </Button>
      </div>
      <ConfirmDialog
        open={asking}
        onClose={close}
        onConfirm={() =>
          leave.mutate(team, {
            onSuccess: () => {
              setAsking(false);
              void router.push(routes.profile);
            },
          })
        }
        title={`Leave ${company}?`}
        confirmLabel="Leave the company"
        pendingLabel="Leaving…"
        cancelLabel="Stay"
        pending={leave.isPending}
      >
        <p>
          You lose {company}&rsquo;s listings, applicants and team at once. What you did stays with
          the company, under your name. This cannot be undone: to come back, you need a new
          invitation from its owner or an admin.
        </p>
        <div className="mt-3">
          <Refusal
            message={leave.error ? serverMessage(leave.error, "You are still in the team.") : null}
          />
        </div>
      </ConfirmDialog>
    </>
  );
}
