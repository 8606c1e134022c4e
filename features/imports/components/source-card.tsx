import dynamic from "next/dynamic";
import { useEffect, useId, useState } from "react";
import { ImportChoices } from "@/features/imports/components/import-choices";
import { Badge } from "@/components/ui/badge";
import {
  boardName,
  refusalOf,
  RunReport,
  StatusBadge,
} from "@/features/imports/components/import-parts";
import { formatDateTime } from "@/lib/format-time";
import { Refusal } from "@/components/ui/refusal";
import { Button } from "@/components/ui/button";
import {
  useChangeImport,
  usePreviewImport,
  useRunImport,
  type ImportSource,
} from "@/features/imports/hooks/use-imports";

// The confirmation (Headless UI's Dialog) loads when someone first presses Stop importing.
const RemoveImportDialog = dynamic(
  () =>
    import("@/features/imports/components/remove-import-dialog").then(
      (module) => module.RemoveImportDialog,
    ),
  { ssr: false },
);

/**
 * A source's choices, changed: its board is read again for the preview (its departments and
 * locations as they are now), then saved with PATCH.
 */
function EditChoices({ source, onDone }: { source: ImportSource; onDone: (said: string) => void }) {
  const preview = usePreviewImport();
  const change = useChangeImport();
  const { mutate } = preview;
  // Read once as the editing starts: the list read again meanwhile does not ask again.
  const [start] = useState(source);
  useEffect(() => {
    mutate({ ats: start.ats, board: start.board, rules: start.rules });
  }, [mutate, start]);

  if (preview.isError) {
    return (
      <div className="flex flex-wrap items-center gap-3">
        <Refusal
          message={refusalOf(preview.error, "The board could not be read. Please try again.")}
        />
        <Button variant="secondary" size="sm" onClick={() => onDone("")}>
          Close
        </Button>
      </div>
    );
  }
  if (!preview.data) {
    return (
      <p role="status" className="text-sm text-gray-600">
        Reading the board…
      </p>
    );
  }
  return (
    <ImportChoices
      label={`Choices for ${boardName(source)}`}
      first={preview.data}
      rules={start.rules}
      plan={start.plan}
      submitLabel={() => "Save choices"}
      pendingLabel="Saving…"
      pending={change.isPending}
      refusal={
        change.isError
          ? refusalOf(change.error, "The choices were not saved. Please try again.")
          : null
      }
      onSubmit={(rules, plan) =>
        change.mutate(
          { source, changes: { rules, plan } },
          { onSuccess: () => onDone("Choices saved: they apply from the next run.") },
        )
      }
    >
      <Button variant="ghost" onClick={() => onDone("")}>
        Cancel
      </Button>
    </ImportChoices>
  );
}

/**
 * One of the company's sources: its board and status, whether its first import waits for a
 * moderator, its live listings, its last run's report and any failure, when it runs next; and
 * what can be done: run it now, pause or resume it, change its choices, stop importing.
 */
export function SourceCard({ source }: { source: ImportSource }) {
  const heading = useId();
  const run = useRunImport();
  const change = useChangeImport();
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [said, setSaid] = useState("");
  const name = boardName(source);
  const paused = source.status === "paused";
  const failed = run.isError
    ? refusalOf(run.error, "It could not be run. Please try again.")
    : change.isError
      ? refusalOf(change.error, "It was not changed. Please try again.")
      : null;

  return (
    <li>
      <section
        aria-labelledby={heading}
        className="rounded-2xl bg-white p-5 shadow-xs ring-1 ring-gray-200 sm:p-6"
      >
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <h3 id={heading} className="text-base font-semibold break-all text-gray-900">
            {name}
          </h3>
          <StatusBadge source={source} />
          {!source.reviewed && <Badge tone="grey">Waiting for review</Badge>}
        </div>
        <div className="mt-3 space-y-2 text-sm text-gray-700">
          {paused && (
            <p className="text-amber-800">
              Paused: {source.paused_reason ?? "no jobs are read until you resume it."}
            </p>
          )}
          {!source.reviewed && <p>Waiting for review: a moderator looks at your first import.</p>}
          <p>
            {source.live_listings} live {source.live_listings === 1 ? "listing" : "listings"}
            {source.next_run_at && <> · Next run {formatDateTime(source.next_run_at)}</>}
          </p>
          {source.last_report ? (
            <RunReport report={source.last_report} />
          ) : (
            source.last_run_at === null && <p>Not run yet: it runs within a few minutes.</p>
          )}
          {source.failures > 0 && source.last_error && (
            <p role="alert" className="font-medium text-red-700">
              Last run failed: {source.last_error}
            </p>
          )}
        </div>

        <div className="mt-4 flex flex-wrap gap-2">
          <Button
            variant="secondary"
            size="sm"
            busy={run.isPending}
            onClick={() => {
              change.reset();
              run.mutate(source, {
                onSuccess: ({ queued }) =>
                  setSaid(
                    queued
                      ? "Queued: the board is read within a minute."
                      : "It is running already.",
                  ),
              });
            }}
          >
            Run now<span className="sr-only"> {name}</span>
          </Button>
          <Button
            variant="secondary"
            size="sm"
            busy={change.isPending}
            onClick={() => {
              run.reset();
              change.mutate(
                { source, changes: { status: paused ? "active" : "paused" } },
                { onSuccess: () => setSaid(paused ? "Resumed." : "Paused.") },
              );
            }}
          >
            {paused ? "Resume" : "Pause"}
            <span className="sr-only"> {name}</span>
          </Button>
          <Button
            variant="secondary"
            size="sm"
            aria-expanded={editing}
            onClick={() => {
              setEditing(!editing);
              setSaid("");
            }}
          >
            Edit choices<span className="sr-only"> of {name}</span>
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setRemoving(true)}>
            Stop importing<span className="sr-only"> {name}</span>
          </Button>
        </div>
        <p role="status" className="mt-2 text-sm font-medium text-emerald-800">
          {said}
        </p>
        <Refusal message={failed} />
        {editing && (
          <div className="mt-4 border-t border-gray-100 pt-4">
            <EditChoices
              source={source}
              onDone={(done) => {
                setEditing(false);
                setSaid(done);
              }}
            />
          </div>
        )}
      </section>
      {removing && <RemoveImportDialog source={source} onClose={() => setRemoving(false)} />}
    </li>
  );
}
