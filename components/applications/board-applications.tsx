import dynamic from "next/dynamic";
import { useState } from "react";
import { Link } from "@/components/ui/link";
import { secondaryButtonClass } from "@/components/ui/form-controls";
import { useWithdrawApplication } from "@/hooks/use-job-applications";
import { OPEN_STAGES, STAGE_LABELS, type CloseReason } from "@/lib/applications/constants";
import type { OwnJobApplication } from "@/lib/applications/schemas";
import { formatDate } from "@/lib/format";
import { jobPath } from "@/lib/jobs/path";

/*
 * /applied-jobs: the applications a candidate made on the board, each with where it stands and
 * since when, what the employer said with it, and a way to withdraw one still open.
 */

// The confirmation's code (Headless UI's dialog) loads with the first press of Withdraw.
const ConfirmDialog = dynamic(
  () => import("@/components/ui/confirm-dialog").then((module) => module.ConfirmDialog),
  { ssr: false },
);

const CLOSED_WORDS: Record<CloseReason, string> = {
  filled: "Closed: the role was filled",
  withdrawn: "Closed: the employer withdrew the listing",
  removed: "Closed: the listing was taken off the board",
  expired: "Closed: the listing ended",
};

const STAGE_TONE: Record<OwnJobApplication["stage"], string> = {
  new: "bg-sky-50 text-sky-800 ring-sky-200",
  reviewing: "bg-amber-50 text-amber-900 ring-amber-200",
  interview: "bg-violet-50 text-violet-800 ring-violet-200",
  offer: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  hired: "bg-emerald-100 text-emerald-900 ring-emerald-300",
  not_selected: "bg-gray-100 text-gray-700 ring-gray-200",
};

/** Where it stands, in words: its stage, or why it ended without one. */
function standing(application: OwnJobApplication): string {
  if (application.withdrawn_at) return "Withdrawn";
  if (application.closed_reason) return CLOSED_WORDS[application.closed_reason];
  return STAGE_LABELS[application.stage];
}

const isOpen = (application: OwnJobApplication) =>
  !application.withdrawn_at &&
  !application.closed_reason &&
  OPEN_STAGES.includes(application.stage);

function BoardApplicationRow({ application }: { application: OwnJobApplication }) {
  const withdraw = useWithdrawApplication();
  const [confirming, setConfirming] = useState(false);
  const { job } = application;
  const ended = Boolean(application.withdrawn_at || application.closed_reason);
  return (
    <li className="rounded-2xl bg-white p-4 shadow-xs ring-1 ring-gray-200 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm font-medium text-gray-600">{job.company_name}</p>
          <h3 className="text-base font-semibold text-gray-900">
            <Link href={jobPath(job)} className="hover:text-violet-700 hover:underline">
              {job.title}
            </Link>
          </h3>
          <p className="mt-1 text-sm text-gray-500">
            Applied {formatDate(application.created_at)} · updated{" "}
            {formatDate(application.withdrawn_at ?? application.stage_changed_at)}
          </p>
        </div>
        <span
          className={`inline-flex rounded-full px-2.5 py-1 text-xs font-semibold ring-1 ring-inset ${
            ended ? STAGE_TONE.not_selected : STAGE_TONE[application.stage]
          }`}
        >
          {standing(application)}
        </span>
      </div>
      {application.stage_message && !ended && (
        <blockquote className="mt-3 rounded-lg bg-gray-50 p-3 text-sm whitespace-pre-line text-gray-800">
          <span className="block text-xs font-medium text-gray-500">{job.company_name} wrote:</span>
          {application.stage_message}
        </blockquote>
      )}
      {isOpen(application) && (
        <div className="mt-3">
          <button
            type="button"
            className={secondaryButtonClass}
            onClick={() => setConfirming(true)}
          >
            Withdraw<span className="sr-only"> your application for {job.title}</span>
          </button>
          {confirming && (
            <ConfirmDialog
              open
              onClose={() => setConfirming(false)}
              onConfirm={() =>
                withdraw.mutate(
                  { id: application.id, title: job.title },
                  { onSettled: () => setConfirming(false) },
                )
              }
              pending={withdraw.isPending}
              title={`Withdraw your application for “${job.title}”?`}
              confirmLabel="Withdraw it"
              pendingLabel="Withdrawing…"
              cancelLabel="Keep it"
            >
              <p>
                {job.company_name} will see it as withdrawn and can no longer move it. You cannot
                apply to this job again.
              </p>
            </ConfirmDialog>
          )}
        </div>
      )}
    </li>
  );
}

/** The candidate's applications made on the board, newest first. */
export function BoardApplications({ applications }: { applications: OwnJobApplication[] }) {
  return (
    <section aria-labelledby="board-applications">
      <h2 id="board-applications" className="text-lg font-semibold text-gray-900">
        Applied on the board
      </h2>
      <p className="mt-1 text-sm text-gray-600">
        Sent here with your CV: each shows where it stands with the employer. You hear by email when
        it moves to an interview, an offer, or an answer.
      </p>
      <ul role="list" className="mt-4 space-y-3">
        {applications.map((application) => (
          <BoardApplicationRow key={application.id} application={application} />
        ))}
      </ul>
    </section>
  );
}
