import dynamic from "next/dynamic";
import { useState, useSyncExternalStore } from "react";
import { Conversation } from "@/features/applications/components/conversation";
import { Link } from "@/components/ui/link";
import { secondaryButtonClass } from "@/components/ui/form-controls";
import {
  useWithdrawApplication,
  useWriteToEmployer,
} from "@/features/applications/hooks/use-job-applications";
import { OPEN_STAGES, STAGE_LABELS, type CloseReason } from "@/features/applications/constants";
import type { OwnJobApplication } from "@/features/applications/schemas";
import { formatDate } from "@/lib/format";
import { jobPath } from "@/features/jobs/path";

/*
 * /applied-jobs: the applications a candidate made on the board, each with where it stands and
 * since when, the conversation with the employer, and a way to withdraw one still open.
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

const onHashChange = (listener: () => void) => {
  window.addEventListener("hashchange", listener);
  return () => window.removeEventListener("hashchange", listener);
};

/** The address's #fragment (none while rendered on the server). */
const useLocationHash = () =>
  useSyncExternalStore(
    onHashChange,
    () => window.location.hash,
    () => "",
  );

/**
 * The conversation with the employer, folded away until there is one (or the mail that told of a
 * message links here, #application-{id}); the candidate writes to them from it.
 */
function ApplicationConversation({ application }: { application: OwnJobApplication }) {
  const write = useWriteToEmployer(application.id);
  const company = application.job.company_name;
  const count = application.messages.length;
  const linked = useLocationHash() === `#application-${application.id}`;
  if (count === 0 && application.withdrawn_at) return null;
  return (
    <details className="group mt-3" open={count > 0 || linked}>
      <summary className="cursor-pointer rounded-md text-sm font-medium text-violet-700 hover:underline focus-visible:outline-2 focus-visible:outline-violet-600">
        {count > 0 ? `Messages with ${company} (${count})` : `Write to ${company}`}
      </summary>
      <div className="mt-3">
        <Conversation
          reader="candidate"
          counterpart={company}
          messages={application.messages}
          closed={
            application.withdrawn_at
              ? "You withdrew this application, so the conversation is closed."
              : null
          }
          send={(body) => write.mutateAsync({ body })}
          hint="Mailed to the employer from the board, without your address."
        />
      </div>
    </details>
  );
}

function BoardApplicationRow({ application }: { application: OwnJobApplication }) {
  const withdraw = useWithdrawApplication();
  const [confirming, setConfirming] = useState(false);
  const { job } = application;
  const ended = Boolean(application.withdrawn_at || application.closed_reason);
  return (
    <li
      id={`application-${application.id}`}
      className="scroll-mt-4 rounded-2xl bg-white p-4 shadow-xs ring-1 ring-gray-200 target:ring-2 target:ring-violet-500 sm:p-5"
    >
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
      <ApplicationConversation application={application} />
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
        Sent here with your CV: each shows where it stands with the employer, and your messages with
        them. You hear by email when it moves to an interview, an offer, or an answer, and when they
        write to you.
      </p>
      <ul role="list" className="mt-4 space-y-3">
        {applications.map((application) => (
          <BoardApplicationRow key={application.id} application={application} />
        ))}
      </ul>
    </section>
  );
}
