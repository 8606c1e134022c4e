import { useState } from "react";
import { ConfirmDialog, dangerButtonClass } from "@/components/ui/confirm-dialog";
import { useDeleteCurrentUser } from "@/hooks/use-current-user";
import { routes } from "@/lib/routes";
import { errorCode, serverMessage } from "@/lib/form-errors";
import { Link } from "@/components/ui/link";

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
        onClose={() => {
          setOpen(false);
          remove.reset();
        }}
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
        {remove.isError ? (
          <p role="alert" className="mt-3 font-medium text-red-700">
            {serverMessage(remove.error, "Your account was not deleted. Please try again.")}{" "}
            {errorCode(remove.error) === "conflict" && (
              <Link href={routes.team} className="underline">
                Go to the Team page
              </Link>
            )}
          </p>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
