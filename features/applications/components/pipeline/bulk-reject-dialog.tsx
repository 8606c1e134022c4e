import { Dialog, DialogPanel, DialogTitle, Description } from "@headlessui/react";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { GatedForm, SubmitButton } from "@/components/ui/gated-form";
import { TextAreaField } from "@/components/ui/form-controls";
import { useRejectApplicants } from "@/features/applications/hooks/use-applicants";

/**
 * Asks before setting the checked applicants Not selected, with one message: each of them is
 * mailed, which cannot be taken back, so the dialog says so before anything is sent.
 */
export function BulkRejectDialog({
  listingId,
  ids,
  onClose,
  onDone,
}: {
  listingId: number;
  ids: readonly number[];
  onClose: () => void;
  onDone: () => void;
}) {
  const reject = useRejectApplicants(listingId);
  const [message, setMessage] = useState("");
  const close = () => !reject.isPending && onClose();
  const n = ids.length;
  const people = n === 1 ? "1 candidate" : `${n} candidates`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reject.isPending) return;
    reject.mutate({ ids: [...ids], message }, { onSuccess: onDone });
  };

  return (
    <Dialog open onClose={close} className="fixed inset-0 z-50">
      <div aria-hidden="true" className="animate-fade-in fixed inset-0 bg-gray-900/50" />
      <div className="fixed inset-0 flex items-end justify-center p-4 sm:items-center">
        <DialogPanel className="animate-panel-in w-full max-w-md rounded-2xl bg-white p-6 shadow-xl">
          <DialogTitle className="text-base font-semibold text-gray-900">
            Mark {people} not selected?
          </DialogTitle>
          <Description className="mt-2 text-sm text-gray-600">
            {n === 1 ? "The candidate is" : `The ${n} candidates are`} mailed that they were not
            selected, with the message below if you write one. This cannot be undone.
          </Description>
          <GatedForm onSubmit={submit} className="mt-4" aria-label="Mark not selected">
            <TextAreaField
              label="Message for the candidates (optional)"
              name="message"
              rows={4}
              value={message}
              onChange={(event) => setMessage(event.target.value)}
            />
            <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Button
                variant="secondary"
                onClick={close}
                aria-disabled={reject.isPending}
                autoFocus
              >
                Cancel
              </Button>
              <SubmitButton variant="danger" busy={reject.isPending}>
                {reject.isPending ? "Sending…" : `Not selected, mail ${people}`}
              </SubmitButton>
            </div>
          </GatedForm>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
