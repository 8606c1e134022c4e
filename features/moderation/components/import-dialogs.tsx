import { useState } from "react";
import { boardName, refusalOf } from "@/features/imports/components/import-parts";
import { Refusal } from "@/components/ui/refusal";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { TextAreaField } from "@/components/ui/form-controls";
import {
  useSetImportStatus,
  type ModeratorImportSource,
} from "@/features/imports/hooks/use-imports";

/** The reason, as the API bounds it (features/imports/schemas.ts). */
const REASON_MAX = 500;

/**
 * What /review/imports asks before it pauses a source (issue 46): why, in words its company
 * reads on its imports page. Loaded when first asked.
 */
export function PauseImportDialog({
  source,
  onClose,
  onPaused,
}: {
  source: ModeratorImportSource;
  onClose: () => void;
  onPaused: (said: string) => void;
}) {
  const pause = useSetImportStatus();
  const [reason, setReason] = useState("");
  const [missing, setMissing] = useState(false);
  const name = `${boardName(source)} (${source.company.name})`;

  const confirm = () => {
    if (reason.trim() === "") {
      setMissing(true);
      return;
    }
    setMissing(false);
    pause.mutate(
      { source, change: { status: "paused", reason: reason.trim() } },
      {
        onSuccess: () => {
          onPaused(`Paused ${name}.`);
          onClose();
        },
      },
    );
  };

  return (
    <ConfirmDialog
      open
      onClose={onClose}
      onConfirm={confirm}
      pending={pause.isPending}
      title={`Pause ${name}?`}
      confirmLabel="Pause"
      pendingLabel="Pausing…"
      cancelLabel="Cancel"
      tone="primary"
    >
      <p>Its board is not read until it is resumed; its live listings stay up.</p>
      <div className="mt-4 space-y-3">
        <TextAreaField
          label="Why it is paused"
          hint="Its company reads this on its imports page."
          rows={3}
          maxLength={REASON_MAX}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          error={missing ? "Say why it is paused" : undefined}
        />
        {pause.isError && (
          <Refusal message={refusalOf(pause.error, "It was not paused. Please try again.")} />
        )}
      </div>
    </ConfirmDialog>
  );
}
