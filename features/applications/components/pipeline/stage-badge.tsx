import { Badge } from "@/components/ui/badge";
import {
  APPLICATION_RETENTION_DAYS,
  STAGE_LABELS,
  type ApplicationStage,
} from "@/features/applications/constants";
import type { ApplicantSummary } from "@/features/applications/schemas";

const COLOURS: Record<ApplicationStage, string> = {
  new: "bg-sky-50 text-sky-800 ring-sky-600/20",
  reviewing: "bg-violet-50 text-violet-800 ring-violet-600/20",
  interview: "bg-amber-50 text-amber-800 ring-amber-600/20",
  offer: "bg-emerald-50 text-emerald-800 ring-emerald-600/20",
  hired: "bg-emerald-100 text-emerald-900 ring-emerald-700/30",
  not_selected: "bg-gray-50 text-gray-700 ring-gray-500/20",
};

const badgeClass =
  "inline-flex items-center rounded-md px-2 py-1 text-xs font-medium ring-1 ring-inset";

/** Whether the employer can still move it: not once the candidate withdrew or it was closed. */
export const isMovable = (applicant: ApplicantSummary) =>
  applicant.withdrawn_at === null &&
  applicant.closed_reason === null &&
  applicant.purged_at === null;

/** The applicant's name; once purged, nobody's (only the outcome is kept). */
export const applicantName = (applicant: Pick<ApplicantSummary, "full_name">) =>
  applicant.full_name ?? `An applicant (deleted after ${APPLICATION_RETENTION_DAYS} days)`;

/** Why an applicant cannot be moved, in a few words; null when they can. */
export function frozenReason(applicant: ApplicantSummary): string | null {
  if (applicant.withdrawn_at) return "Withdrawn";
  if (applicant.closed_reason) return "Closed";
  return null;
}

/**
 * Where an applicant stands (the words carry it; colour only helps), if they left, and whether
 * they applied from the company's invitation (issue 47).
 */
export function StageBadge({ applicant }: { applicant: ApplicantSummary }) {
  const frozen = frozenReason(applicant);
  return (
    <span className="inline-flex flex-wrap gap-1">
      <span className={`${badgeClass} ${COLOURS[applicant.stage]}`}>
        {STAGE_LABELS[applicant.stage]}
      </span>
      {frozen && (
        <span className={`${badgeClass} bg-white text-gray-700 ring-gray-400/40`}>{frozen}</span>
      )}
      {applicant.invited && <Badge tone="grey">Invited</Badge>}
    </span>
  );
}
