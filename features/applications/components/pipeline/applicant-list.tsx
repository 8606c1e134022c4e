import {
  applicantName,
  frozenReason,
  StageBadge,
} from "@/features/applications/components/pipeline/stage-badge";
import type { ApplicantSummary } from "@/features/applications/schemas";
import { formatDate } from "@/lib/format";

/**
 * The applicants, oldest first: a checkbox each for the bulk action (not for those who withdrew
 * or were closed: they cannot be moved), and the rest of the row opens the applicant.
 */
export function ApplicantList({
  applicants,
  selectedId,
  checked,
  onSelect,
  onCheck,
}: {
  applicants: readonly ApplicantSummary[];
  selectedId: number | null;
  checked: ReadonlySet<number>;
  onSelect: (id: number) => void;
  /** Without it (a reader who changes nothing: issue 44) the rows have no checkbox. */
  onCheck?: (id: number, on: boolean) => void;
}) {
  return (
    <ul
      role="list"
      className="divide-y divide-gray-100 rounded-2xl bg-white shadow-xs ring-1 ring-gray-200"
    >
      {applicants.map((applicant) => {
        const frozen = frozenReason(applicant);
        const current = applicant.id === selectedId;
        return (
          <li
            key={applicant.id}
            className={`flex items-start gap-3 p-4 first:rounded-t-2xl last:rounded-b-2xl ${current ? "bg-violet-50" : ""}`}
          >
            {onCheck && (
              <input
                type="checkbox"
                aria-label={`Select ${applicantName(applicant)}`}
                checked={checked.has(applicant.id)}
                disabled={frozen !== null}
                onChange={(event) => onCheck(applicant.id, event.target.checked)}
                className="mt-1 size-4 shrink-0 rounded border-gray-300 accent-violet-600 disabled:opacity-40"
              />
            )}
            <button
              type="button"
              onClick={() => onSelect(applicant.id)}
              aria-current={current ? "true" : undefined}
              className="min-w-0 flex-1 rounded-md text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600"
            >
              <span className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium text-gray-900">{applicantName(applicant)}</span>
                <StageBadge applicant={applicant} />
              </span>
              {applicant.headline && (
                <span className="mt-0.5 block truncate text-sm text-gray-700">
                  {applicant.headline}
                </span>
              )}
              <span className="mt-0.5 block text-xs text-gray-600">
                Applied {formatDate(applicant.created_at)}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
