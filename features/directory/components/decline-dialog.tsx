import { Dialog, DialogPanel, DialogTitle } from "@headlessui/react";
import { useState, type FormEvent } from "react";
import { Refusal } from "@/components/ui/refusal";
import { Button } from "@/components/ui/button";
import { TextAreaField } from "@/components/ui/form-controls";
import { GatedForm, SubmitButton } from "@/components/ui/gated-form";
import { charactersLeft } from "@/features/directory/components/directory-parts";
import {
  useDeclineInvitation,
  type ReceivedInvitation,
} from "@/features/directory/hooks/use-job-invitations";
import { hasFieldErrors } from "@/lib/error-toast";
import { serverMessage } from "@/lib/form-errors";
import { DECLINE_REASON_MAX } from "@/features/directory/directory";

/**
 * Declines an invitation to apply (issue 47), in Headless UI's dialog (focus kept inside, Escape
 * closes): an optional reason the employer reads, and whether to stop the company from finding
 * and inviting the candidate at all. A refused reason shows under it. Loaded when first opened.
 */
export function DeclineDialog({
  invitation,
  onClose,
}: {
  invitation: ReceivedInvitation;
  onClose: () => void;
}) {
  const decline = useDeclineInvitation();
  const [reason, setReason] = useState("");
  const [stop, setStop] = useState(false);
  const company = invitation.company.name;
  const close = () => !decline.isPending && onClose();

  const fieldErrors = hasFieldErrors(decline.error) ? decline.error.errors : {};
  const reasonError = fieldErrors.reason?.join(" ");
  const otherErrors = Object.entries(fieldErrors)
    .filter(([field]) => field !== "reason")
    .flatMap(([, messages]) => messages)
    .join(" ");
  const refusal =
    decline.isError && !hasFieldErrors(decline.error)
      ? serverMessage(decline.error, "The invitation was not declined. Please try again.")
      : otherErrors || null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (decline.isPending) return;
    decline.mutate(
      { invitation, decline: { reason: reason.trim() || null, stop_company: stop } },
      { onSuccess: onClose },
    );
  };

  return (
    <Dialog open onClose={close} className="fixed inset-0 z-50">
      <div aria-hidden="true" className="animate-fade-in fixed inset-0 bg-gray-900/50" />
      <div className="fixed inset-0 flex items-end justify-center overflow-y-auto p-4 sm:items-center">
        <DialogPanel className="animate-panel-in w-full max-w-md rounded-2xl bg-white p-6 shadow-xl">
          <DialogTitle className="text-base font-semibold text-gray-900">
            Decline {company}&rsquo;s invitation?
          </DialogTitle>
          <p className="mt-2 text-sm text-gray-600">
            For {invitation.job.title}. {company} sees that you declined, and your reason if you
            give one.
          </p>
          <GatedForm
            onSubmit={submit}
            noValidate
            aria-label={`Decline ${company}'s invitation`}
            className="mt-5 space-y-5"
          >
            <TextAreaField
              label="Your reason (optional)"
              hint={charactersLeft(reason, DECLINE_REASON_MAX)}
              error={reasonError}
              rows={3}
              maxLength={DECLINE_REASON_MAX}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
            <label className="flex items-start gap-3 text-sm text-gray-800">
              <input
                type="checkbox"
                className="mt-0.5 size-4 rounded border-gray-300 accent-violet-600"
                checked={stop}
                onChange={(event) => setStop(event.target.checked)}
              />
              <span>
                <span className="font-medium text-gray-900">Stop invitations from {company}</span>
                <span className="block text-gray-600">
                  It can no longer find, open or invite you. Undo it in Settings.
                </span>
              </span>
            </label>
            <Refusal message={refusal} />
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Button variant="secondary" onClick={close} busy={decline.isPending}>
                Keep it
              </Button>
              <SubmitButton variant="danger" busy={decline.isPending}>
                {decline.isPending ? "Declining…" : "Decline"}
              </SubmitButton>
            </div>
          </GatedForm>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
