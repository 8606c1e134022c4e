import { ArrowLeftIcon } from "@heroicons/react/20/solid";
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { CvViewer } from "@/features/applications/components/pipeline/cv-viewer";
import {
  applicantName,
  isMovable,
  StageBadge,
} from "@/features/applications/components/pipeline/stage-badge";
import { GatedForm, SubmitButton } from "@/components/ui/gated-form";
import { SelectField, TextAreaField } from "@/components/ui/form-controls";
import { Conversation } from "@/features/applications/components/conversation";
import { isRemovedFromTeam, RemovedFromTeam } from "@/components/ui/profile-screen-state";
import { useCanRunCompany } from "@/hooks/use-current-user";
import {
  useAddApplicantNote,
  useApplicant,
  useMoveApplicant,
  useWriteToCandidate,
} from "@/features/applications/hooks/use-applicants";
import {
  APPLICATION_STAGES,
  NOTIFIED_STAGES,
  STAGE_LABELS,
  type ApplicationStage,
} from "@/features/applications/constants";
import type { ApplicantDetail as Detail } from "@/features/applications/schemas";
import { hasFieldErrors } from "@/lib/error-toast";
import { serverMessage } from "@/lib/form-errors";
import { formatDate } from "@/lib/format";

/** What a viewer (or a moderator) reads where the forms would be (issue 44). */
const READ_ONLY =
  "You read this applicant: a recruiter, an admin or the owner of the company moves them and writes to them.";

const STAGE_OPTIONS = APPLICATION_STAGES.map((stage) => ({
  value: stage,
  label: STAGE_LABELS[stage],
}));

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="border-t border-gray-100 pt-5">
      <h3 className="text-sm font-semibold text-gray-900">{title}</h3>
      <div className="mt-2 text-sm text-gray-700">{children}</div>
    </section>
  );
}

const firstError = (error: unknown) =>
  hasFieldErrors(error) ? Object.values(error.errors).flat().join(" ") : undefined;

/**
 * Who made the last stage change and when, in a team (issue 44): "Moved to “Interview” by Sam
 * on Dec 2, 2025". Nothing while the application is still as it came in.
 */
function LastMove({ applicant }: { applicant: Detail }) {
  const by = applicant.stage_changed_by;
  if (applicant.stage === "new" && !by) return null;
  return (
    <p className="mb-4 text-sm text-gray-600">
      Moved to “{STAGE_LABELS[applicant.stage]}”{by ? ` by ${by}` : ""} on{" "}
      {formatDate(applicant.stage_changed_at)}
    </p>
  );
}

/** The stage select, the message for the candidate, and Save. */
function StageForm({ listingId, applicant }: { listingId: number; applicant: Detail }) {
  const move = useMoveApplicant(listingId);
  const [stage, setStage] = useState<ApplicationStage>(applicant.stage);
  const [message, setMessage] = useState("");
  const mailed = NOTIFIED_STAGES.includes(stage);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (move.isPending) return;
    move.mutate({ id: applicant.id, stage, message }, { onSuccess: () => setMessage("") });
  };

  return (
    <GatedForm onSubmit={submit} className="space-y-4" aria-label="Move this applicant">
      <SelectField
        label="Move to"
        name="stage"
        value={stage}
        onChange={(event) => setStage(event.target.value as ApplicationStage)}
        options={STAGE_OPTIONS}
      />
      <TextAreaField
        label="Message for the candidate (optional)"
        name="message"
        rows={3}
        value={message}
        onChange={(event) => setMessage(event.target.value)}
        hint={
          mailed
            ? `The candidate is mailed that they reached “${STAGE_LABELS[stage]}”, with this message, which joins your messages below.`
            : "The candidate is not mailed of this stage; a message is mailed to them and joins your messages below."
        }
        error={firstError(move.error)}
      />
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton busy={move.isPending} disabled={stage === applicant.stage}>
          {move.isPending ? "Saving…" : "Save stage"}
        </SubmitButton>
        {/* Said beside the button, not in a toast over the forms below it (issue 42). */}
        <p role="status" className="text-sm text-emerald-700">
          {move.isSuccess && move.data.applicant.stage === applicant.stage
            ? `Moved to “${STAGE_LABELS[applicant.stage]}”`
            : ""}
        </p>
        {move.isError && !hasFieldErrors(move.error) ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {serverMessage(move.error, "The stage was not saved. Please try again.")}
          </p>
        ) : null}
      </div>
    </GatedForm>
  );
}

/** A part of the panel: the listing, its applicant, and whether the reader may change things. */
type PanelProps = { listingId: number; applicant: Detail; canChange: boolean };

/** The conversation with the candidate, and the form to write to them. */
function ApplicantConversation({ listingId, applicant, canChange }: PanelProps) {
  const write = useWriteToCandidate(listingId, applicant.id);
  return (
    <Conversation
      reader="employer"
      counterpart={applicantName(applicant)}
      messages={applicant.messages}
      closed={
        applicant.withdrawn_at
          ? "The candidate withdrew this application, so the conversation is closed."
          : canChange
            ? null
            : READ_ONLY
      }
      send={(body) => write.mutateAsync({ body })}
      hint="Mailed to them from the board, without your address; they answer here or by replying."
    />
  );
}

/** The employer's private notes, oldest first, and a form to add one. */
function Notes({ listingId, applicant, canChange }: PanelProps) {
  const add = useAddApplicantNote(listingId, applicant.id);
  const [body, setBody] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (add.isPending || !body.trim()) return;
    add.mutate({ body }, { onSuccess: () => setBody("") });
  };
  const added = add.isSuccess && body === "";
  return (
    <>
      {applicant.notes.length === 0 ? (
        <p className="text-gray-600">No notes yet. Only you and moderators see them.</p>
      ) : (
        <ul role="list" className="space-y-3">
          {applicant.notes.map((note) => (
            <li key={note.id} className="rounded-lg bg-gray-50 p-3">
              <p className="whitespace-pre-line text-gray-900">{note.body}</p>
              <p className="mt-1 text-xs text-gray-600">
                {note.author ?? "Someone"} · {formatDate(note.created_at)}
              </p>
            </li>
          ))}
        </ul>
      )}
      {canChange && (
        <GatedForm onSubmit={submit} className="mt-4 space-y-3" aria-label="Add a note">
          <TextAreaField
            label="New note"
            name="note"
            rows={3}
            value={body}
            onChange={(event) => setBody(event.target.value)}
            hint="Private: the candidate never sees it."
            error={firstError(add.error)}
          />
          <div className="flex flex-wrap items-center gap-3">
            <SubmitButton variant="secondary" busy={add.isPending}>
              {add.isPending ? "Adding…" : "Add note"}
            </SubmitButton>
            <p role="status" className="text-sm text-emerald-700">
              {added ? "Note added" : ""}
            </p>
          </div>
        </GatedForm>
      )}
    </>
  );
}

/**
 * One applicant, whole: what they sent, their CV in the page, the stage and the notes. Beside
 * the list on desktop; on phones it is the view, with a way back to the list.
 */
export function ApplicantDetail({
  listingId,
  applicationId,
  onBack,
}: {
  listingId: number;
  applicationId: number;
  onBack: () => void;
}) {
  const { data, isError, error } = useApplicant(listingId, applicationId);
  // Shown while not yet known: most readers run their listings; a viewer loses them at once.
  const canChange = useCanRunCompany() !== false;
  const applicant = data?.applicant;
  const view = useRef<HTMLElement>(null);
  // On a phone the list it was opened from is hidden: focus comes here rather than being lost
  // (and the view starts at its top). Beside the list, focus stays where the person is.
  useEffect(() => {
    if (!window.matchMedia("(min-width: 64rem)").matches) view.current?.focus();
  }, []);

  return (
    <article
      ref={view}
      tabIndex={-1}
      aria-labelledby="applicant-name"
      className="scroll-mt-4 rounded-2xl bg-white p-5 shadow-xs ring-1 ring-gray-200 focus:outline-none sm:p-6"
    >
      <button
        type="button"
        onClick={onBack}
        className="-ml-1 mb-4 inline-flex items-center gap-1 rounded-md px-1 text-sm font-medium text-violet-700 hover:underline focus-visible:outline-2 focus-visible:outline-violet-600 lg:hidden"
      >
        <ArrowLeftIcon aria-hidden="true" className="size-4" />
        All applicants
      </button>
      {isError && isRemovedFromTeam(error) ? (
        <div aria-labelledby="applicant-name">
          <span id="applicant-name" className="sr-only">
            Removed from the team
          </span>
          <RemovedFromTeam error={error} />
        </div>
      ) : isError ? (
        <p id="applicant-name" className="text-sm text-gray-600">
          This applicant could not be loaded.
        </p>
      ) : !applicant ? (
        <div role="status" aria-busy="true" className="space-y-3">
          <span id="applicant-name" className="sr-only">
            Loading the applicant…
          </span>
          <div className="h-6 w-1/2 animate-pulse rounded bg-gray-200" />
          <div className="h-40 animate-pulse rounded bg-gray-100" />
        </div>
      ) : (
        <div className="space-y-5">
          <header>
            <h2 id="applicant-name" className="text-xl font-semibold text-gray-900">
              {applicantName(applicant)}
            </h2>
            {applicant.headline && <p className="mt-1 text-gray-700">{applicant.headline}</p>}
            <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-gray-600">
              {applicant.email && (
                <a
                  href={`mailto:${applicant.email}`}
                  className="font-medium text-violet-700 hover:underline"
                >
                  {applicant.email}
                </a>
              )}
              <span>Applied {formatDate(applicant.created_at)}</span>
              <StageBadge applicant={applicant} />
            </p>
          </header>

          {applicant.answers.length > 0 && (
            <Section title="Answers">
              <dl className="space-y-3">
                {applicant.answers.map((answer) => (
                  <div key={answer.question_id}>
                    <dt className="font-medium text-gray-900">{answer.prompt}</dt>
                    <dd className="mt-0.5 whitespace-pre-line">
                      {answer.answer === "yes"
                        ? "Yes"
                        : answer.answer === "no"
                          ? "No"
                          : answer.answer}
                    </dd>
                  </div>
                ))}
              </dl>
            </Section>
          )}

          {applicant.links.length > 0 && (
            <Section title="Links">
              <ul role="list" className="space-y-1">
                {applicant.links.map((link) => (
                  <li key={link}>
                    <a
                      href={link}
                      rel="noopener noreferrer nofollow"
                      target="_blank"
                      className="break-all font-medium text-violet-700 hover:underline"
                    >
                      {link}
                    </a>
                  </li>
                ))}
              </ul>
            </Section>
          )}

          {applicant.cover_note && (
            <Section title="Cover note">
              <p className="whitespace-pre-line">{applicant.cover_note}</p>
            </Section>
          )}

          <Section title="CV">
            {applicant.has_cv ? (
              <CvViewer
                key={applicant.id}
                listingId={listingId}
                applicationId={applicant.id}
                name={applicantName(applicant)}
                fileName={applicant.cv_name ?? "cv.pdf"}
              />
            ) : (
              <p className="text-gray-600">
                {applicant.withdrawn_at
                  ? "The candidate withdrew, so their CV and answers are no longer shared with you."
                  : "The CV was deleted: applications are kept for a while after the listing closes."}
              </p>
            )}
          </Section>

          <Section title="Stage">
            <LastMove applicant={applicant} />
            {!canChange ? (
              <p className="text-gray-600">{READ_ONLY}</p>
            ) : isMovable(applicant) ? (
              <StageForm key={applicant.id} listingId={listingId} applicant={applicant} />
            ) : (
              <p className="rounded-lg bg-amber-50 p-3 text-amber-900">
                {applicant.withdrawn_at
                  ? `The candidate withdrew this application on ${formatDate(applicant.withdrawn_at)}.`
                  : applicant.closed_reason
                    ? `This application was closed when the listing left the board (${applicant.closed_reason}).`
                    : `This application was deleted after its retention period; only its outcome is kept.`}{" "}
                It can no longer be moved.
              </p>
            )}
          </Section>

          {applicant.purged_at === null && (
            <Section title="Messages">
              <ApplicantConversation
                listingId={listingId}
                applicant={applicant}
                canChange={canChange}
              />
            </Section>
          )}

          {applicant.purged_at === null && (
            <Section title="Private notes">
              <Notes listingId={listingId} applicant={applicant} canChange={canChange} />
            </Section>
          )}
        </div>
      )}
    </article>
  );
}
