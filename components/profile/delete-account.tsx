import { Dialog, DialogPanel, DialogTitle } from "@headlessui/react";
import { ExclamationTriangleIcon } from "@heroicons/react/24/outline";
import { useState } from "react";
import { secondaryButtonClass } from "@/components/ui/form-controls";
import { useDeleteCurrentUser } from "@/hooks/use-current-user";

const dangerButtonClass =
  "inline-flex cursor-pointer items-center justify-center rounded-lg bg-red-600 px-4 py-2.5 text-sm font-semibold text-white shadow-xs hover:bg-red-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600 aria-disabled:cursor-wait aria-disabled:opacity-60";

/** Account deletion, behind a confirmation that says what goes with it. */
export function DeleteAccount() {
  const [open, setOpen] = useState(false);
  const remove = useDeleteCurrentUser();

  // The buttons stay focusable while the request runs (aria-disabled), and ignore presses.
  const confirm = () => {
    if (!remove.isPending) remove.mutate();
  };

  return (
    <>
      <button type="button" className={dangerButtonClass} onClick={() => setOpen(true)}>
        Delete account
      </button>
      <Dialog
        open={open}
        onClose={() => !remove.isPending && setOpen(false)}
        className="fixed inset-0 z-50"
      >
        <div aria-hidden="true" className="animate-fade-in fixed inset-0 bg-gray-900/50" />
        <div className="fixed inset-0 flex items-end justify-center p-4 sm:items-center">
          <DialogPanel className="animate-panel-in w-full max-w-md rounded-2xl bg-white p-6 shadow-xl">
            <div className="flex gap-4">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-red-100">
                <ExclamationTriangleIcon aria-hidden="true" className="size-6 text-red-600" />
              </span>
              <div>
                <DialogTitle className="text-base font-semibold text-gray-900">
                  Delete your account?
                </DialogTitle>
                <p className="mt-2 text-sm text-gray-600">
                  Your profile, preferences, saved jobs, applications and hidden jobs are deleted
                  for good, and you are signed out. This cannot be undone.
                </p>
              </div>
            </div>
            <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <button
                type="button"
                className={secondaryButtonClass}
                onClick={() => !remove.isPending && setOpen(false)}
                aria-disabled={remove.isPending}
                autoFocus
              >
                Keep my account
              </button>
              <button
                type="button"
                className={dangerButtonClass}
                onClick={confirm}
                aria-disabled={remove.isPending}
              >
                {remove.isPending ? "Deleting…" : "Delete my account"}
              </button>
            </div>
          </DialogPanel>
        </div>
      </Dialog>
    </>
  );
}
