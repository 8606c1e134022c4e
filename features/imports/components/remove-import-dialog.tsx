import { boardName, refusalOf } from "@/features/imports/components/import-parts";
import { Refusal } from "@/components/ui/refusal";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useRemoveImport, type ImportSource } from "@/features/imports/hooks/use-imports";

/**
 * Asks before a source is stopped (issue 46): its live listings are withdrawn, which cannot be
 * undone (importing the board again posts them anew). Loaded when first asked.
 */
export function RemoveImportDialog({
  source,
  onClose,
}: {
  source: ImportSource;
  onClose: () => void;
}) {
  const remove = useRemoveImport();
  const live = source.live_listings;
  return (
    <ConfirmDialog
      open
      onClose={onClose}
      onConfirm={() => remove.mutate(source, { onSuccess: onClose })}
      pending={remove.isPending}
      title={`Stop importing ${boardName(source)}?`}
      confirmLabel="Stop importing"
      pendingLabel="Stopping…"
      cancelLabel="Keep importing"
    >
      <p>
        {live > 0
          ? `Its ${live} live ${live === 1 ? "listing is" : "listings are"} withdrawn from the board now, and their applicants told, as for any listing withdrawn.`
          : "It has no live listings; none are withdrawn."}{" "}
        Its board is no longer read.
      </p>
      {remove.isError && (
        <div className="mt-3">
          <Refusal message={refusalOf(remove.error, "It was not stopped. Please try again.")} />
        </div>
      )}
    </ConfirmDialog>
  );
}
