import { Badge } from "@/components/ui/badge";
import { formatDateTime } from "@/lib/format-time";
import type { ImportSource, SourcePreview } from "@/features/imports/hooks/use-imports";
import { hasFieldErrors } from "@/lib/error-toast";
import { serverMessage } from "@/lib/form-errors";
import { ATS_LABELS } from "@/features/imports/ats";
import { SKIP_REASON_LABELS, SKIP_REASONS } from "@/features/imports/labels";

/*
 * Pieces the import screens share (issue 46): the employer's /listings/imports and the
 * moderators' /review/imports.
 */

type Skipped = SourcePreview["skipped"];
type Report = NonNullable<ImportSource["last_report"]>;

/** "3 jobs", "1 job". */
export const jobsCount = (count: number) => `${count} ${count === 1 ? "job" : "jobs"}`;

/** "Greenhouse: acme". */
export const boardName = (source: Pick<ImportSource, "ats" | "board">) =>
  `${ATS_LABELS[source.ats]}: ${source.board}`;

/** Active or paused, in words; the colour only helps. */
export function StatusBadge({ source }: { source: Pick<ImportSource, "status"> }) {
  return source.status === "active" ? (
    <Badge tone="green">Active</Badge>
  ) : (
    <Badge tone="amber">Paused</Badge>
  );
}

/**
 * The jobs left out, by why (in the order features/imports/labels.ts gives the reasons), each with
 * the sentence that says what is wrong with it.
 */
export function SkippedList({ skipped }: { skipped: Skipped }) {
  const groups = SKIP_REASONS.map((reason) => ({
    reason,
    jobs: skipped.filter((job) => job.reason === reason),
  })).filter((group) => group.jobs.length > 0);
  return (
    <div className="space-y-3">
      {groups.map(({ reason, jobs }) => (
        <div key={reason}>
          <h4 className="text-sm font-medium text-gray-900">
            {SKIP_REASON_LABELS[reason]} ({jobs.length})
          </h4>
          <ul role="list" className="mt-1 space-y-1 text-sm text-gray-600">
            {jobs.map((job) => (
              <li key={job.external_id}>
                <span className="font-medium text-gray-800">{job.title}</span>: {job.message}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

/** What a run did, in a sentence: "3 added, 1 changed, 0 ended, 12 unchanged, 2 skipped". */
export function reportCounts(report: Report) {
  if (report.not_modified) return "No change since the last run";
  return [
    `${report.added} added`,
    `${report.changed} changed`,
    `${report.ended} ended`,
    `${report.unchanged} unchanged`,
    `${report.skipped.length} skipped`,
  ].join(", ");
}

/**
 * A source's last run: when, what it did, the listings posted as Standard for want of credit,
 * and the skipped jobs behind a disclosure.
 */
export function RunReport({ report }: { report: Report }) {
  return (
    <div className="space-y-2 text-sm text-gray-700">
      <p>
        Last run {formatDateTime(report.at)}: {reportCounts(report)}.
      </p>
      {report.without_credit > 0 && (
        <p className="text-amber-800">
          {report.without_credit} posted as Standard: no credit left.
        </p>
      )}
      {report.skipped.length > 0 && (
        <details className="rounded-lg border border-gray-200 px-3 py-2">
          <summary className="cursor-pointer py-1 font-medium text-gray-900">
            See the {jobsCount(report.skipped.length)} skipped
          </summary>
          <div className="mt-2">
            <SkippedList skipped={report.skipped} />
          </div>
        </details>
      )}
    </div>
  );
}

/** The server's sentence for a refused change: a 422's field messages, or its `error`. */
export function refusalOf(error: unknown, fallback: string) {
  if (hasFieldErrors(error)) return Object.values(error.errors).flat().join(" ") || fallback;
  return serverMessage(error, fallback);
}
