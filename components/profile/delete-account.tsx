import { useState } from "react";
import { ConfirmDialog, dangerButtonClass } from "@/components/ui/confirm-dialog";
import { useDeleteCurrentUser } from "@/hooks/use-current-user";

/** Account deletion, behind a confirmation that says what goes with it. */
export function DeleteAccount() {
  const [open, setOpen] = useState(false);
  const remove = useDeleteCurrentUser();
  return (
    <>
      <button type="button" className={dangerButtonClass} onClick={() => setOpen(true)}>
        Delete account
      </button>
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        onConfirm={() => remove.mutate()}
        pending={remove.isPending}
        title="Delete your account?"
        confirmLabel="Delete my account"
        pendingLabel="Deleting…"
        cancelLabel="Keep my account"
      >
        <p>
          Your profile, preferences, saved jobs and searches, applications and hidden jobs are
          deleted for good, and you are signed out. This cannot be undone.
        </p>
      </ConfirmDialog>
    </>
  );
}
