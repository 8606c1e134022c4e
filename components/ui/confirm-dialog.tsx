import { Dialog, DialogPanel, DialogTitle } from "@headlessui/react";
import { ExclamationTriangleIcon } from "@heroicons/react/24/outline";
import type { ReactNode } from "react";
import {
  dangerButtonClass,
  primaryButtonClass,
  secondaryButtonClass,
} from "@/components/ui/button";

export { dangerButtonClass };

type ConfirmDialogProps = {
  open: boolean;
  onClose: () => void;
  onConfirm: () => void;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** What the confirm button says while the request runs. */
  pendingLabel: string;
  cancelLabel: string;
  pending: boolean;
  /** Danger: a red button and a warning sign, for what cannot be undone. */
  tone?: "danger" | "primary";
};

/**
 * Asks before an action: Headless UI's dialog (focus kept inside, Escape closes, the cancel
 * button focused first). While the request runs the buttons stay focusable and ignore presses.
 */
export function ConfirmDialog({
  open,
  onClose,
  onConfirm,
  title,
  children,
  confirmLabel,
  pendingLabel,
  cancelLabel,
  pending,
  tone = "danger",
}: ConfirmDialogProps) {
  const close = () => !pending && onClose();
  return (
    <Dialog open={open} onClose={close} className="fixed inset-0 z-50">
      <div aria-hidden="true" className="animate-fade-in fixed inset-0 bg-gray-900/50" />
      <div className="fixed inset-0 flex items-end justify-center p-4 sm:items-center">
        <DialogPanel className="animate-panel-in w-full max-w-md rounded-2xl bg-white p-6 shadow-xl">
          <div className="flex gap-4">
            {tone === "danger" && (
              <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-red-100">
                <ExclamationTriangleIcon aria-hidden="true" className="size-6 text-red-600" />
              </span>
            )}
            <div>
              <DialogTitle className="text-base font-semibold text-gray-900">{title}</DialogTitle>
              <div className="mt-2 text-sm text-gray-600">{children}</div>
            </div>
          </div>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <button
              type="button"
              className={secondaryButtonClass}
              onClick={close}
              aria-disabled={pending}
              autoFocus
            >
              {cancelLabel}
            </button>
            <button
              type="button"
              className={tone === "danger" ? dangerButtonClass : primaryButtonClass}
              onClick={() => !pending && onConfirm()}
              aria-disabled={pending}
            >
              {pending ? pendingLabel : confirmLabel}
            </button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
