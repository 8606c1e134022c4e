import {
  Dialog,
  DialogPanel,
  DialogTitle,
  Field,
  Label,
  Radio,
  RadioGroup,
} from "@headlessui/react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { QueryProvider } from "@/components/providers/query-provider";
import { primaryButtonClass, secondaryButtonClass } from "@/components/ui/button";
import { TextAreaField, TextField } from "@/components/ui/form-controls";
import { Link } from "@/components/ui/link";
import { useCurrentUser } from "@/hooks/use-current-user";
import { useApplyOnBoard, useOwnCvDetails } from "@/features/applications/hooks/use-apply-on-board";
import type { ApiAnswer, ApiBody } from "@/lib/api-registry/operations";
import { checkAnswers } from "@/features/applications/answers";
import {
  COVER_NOTE_MAX,
  CV_MAX_BYTES,
  CV_NOT_PDF_MESSAGE,
  CV_TOO_LARGE_MESSAGE,
  NO_CV_MESSAGE,
} from "@/features/applications/constants";
import { applicationBodySchema } from "@/features/applications/schemas";
import { rememberedLandingSource } from "@/lib/model/traffic-source";
import { hasFieldErrors } from "@/lib/error-toast";
import { serverMessage } from "@/lib/form-errors";
import { formatDate } from "@/lib/format";
import type { JobDetail } from "@/features/jobs/types";
import { routes } from "@/lib/routes";
import { BODY_NAMING } from "@/lib/validation/field-errors";
import { parseInput } from "@/lib/validation/input";

/*
 * Applying on the board (issue 27): the form, prefilled from the candidate's profile, with the
 * CV kept on it (or a new one, which replaces it), a cover note and the listing's questions. Its
 * code, react-query's and the profile's reads load only when Apply is pressed.
 */

type Job = Pick<
  JobDetail,
  "id" | "title" | "company" | "screening_questions" | "applications_close_at"
>;
type Errors = Record<string, string[]>;

/** A PDF by its type or its name (the server reads its bytes). */
const isPdfFile = (file: File) => /pdf/i.test(file.type) || /\.pdf$/i.test(file.name);

/** The first message for `field`, if the server (or the form) gave one. */
const first = (errors: Errors, field: string) => errors[field]?.[0];

type Profile = ApiAnswer<"getCurrentUser">;
type Cv = ApiAnswer<"getOwnCvDetails">["cv"];

/** The form once the profile and its CV are known: it starts filled in from them. */
function ApplyFormLoader({
  job,
  invitationId,
  onDone,
}: {
  job: Job;
  invitationId: number | null;
  onDone: () => void;
}) {
  const { data: user } = useCurrentUser();
  const { data: cvAnswer } = useOwnCvDetails();
  if (!user || !cvAnswer) {
    return (
      <p role="status" className="text-sm text-gray-600">
        Loading your profile…
      </p>
    );
  }
  return (
    <ApplyForm job={job} user={user} cv={cvAnswer.cv} invitationId={invitationId} onDone={onDone} />
  );
}

function ApplyForm({
  job,
  user,
  cv,
  invitationId,
  onDone,
}: {
  job: Job;
  user: Profile;
  cv: Cv;
  /** The invitation to apply it was opened from (issue 47): the pipeline marks it invited. */
  invitationId: number | null;
  onDone: () => void;
}) {
  const [fields, setFields] = useState({
    full_name: user.full_name ?? "",
    headline: user.headline ?? "",
    cover_note: "",
  });
  const [links, setLinks] = useState([user.website_url ?? "", user.linkedin_url ?? ""]);
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  // Each time mistakes are shown (the form's or the server's), focus goes to the first of them.
  const form = useRef<HTMLFormElement>(null);
  const [shown, setShown] = useState(0);
  const showErrors = (found: Errors) => {
    setErrors(found);
    setShown((count) => count + 1);
  };
  useEffect(() => {
    if (shown === 0) return;
    const wrong = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    // A yes/no question is a group: its first choice takes the focus.
    const target =
      wrong?.getAttribute("role") === "radiogroup"
        ? wrong.querySelector<HTMLElement>('[role="radio"]')
        : wrong;
    target?.focus();
  }, [shown]);

  const apply = useApplyOnBoard(job.id, {
    onSuccess: () => setSent(true),
    onError: (error) => {
      if (hasFieldErrors(error)) showErrors(error.errors);
      else {
        setProblem(serverMessage(error, "Your application could not be sent. Please try again."));
      }
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (apply.isPending) return;
    setProblem(null);
    // Where this tab's visit came from (issue 65): never a cookie, only this tab's storage.
    const landing = rememberedLandingSource();
    const body: ApiBody<"applyOnBoard"> = {
      ...fields,
      links: links.map((link) => link.trim()).filter(Boolean),
      answers,
      ...(invitationId === null ? {} : { invitation_id: invitationId }),
      ...(landing === undefined ? {} : { source: landing }),
    };
    // Every mistake the form can see, at once, as the server would answer them, and before
    // anything is sent: the fields by the server's own schema (an empty name was found only
    // after the CV had been uploaded, issue 61), the listing's questions, and the CV.
    const parsed = parseInput(applicationBodySchema, body, BODY_NAMING);
    const found: Errors = {
      ...(parsed.ok ? {} : parsed.errors),
      ...checkAnswers(job.screening_questions, answers).errors,
    };
    if (file && !isPdfFile(file)) found.cv = [CV_NOT_PDF_MESSAGE];
    else if (file && file.size > CV_MAX_BYTES) found.cv = [CV_TOO_LARGE_MESSAGE];
    if (!file && !cv) found.cv = [NO_CV_MESSAGE];
    if (!user.email) found.email = ["Sign in with an account that has an email address"];
    if (Object.keys(found).length > 0) {
      showErrors(found);
      return;
    }
    setErrors({});
    apply.mutate({ body, file });
  };

  if (sent) {
    return (
      <div role="status" className="space-y-4">
        <p className="text-base font-semibold text-gray-900">Your application was sent.</p>
        <p className="text-sm text-gray-600">
          {job.company.name} has your CV and answers. We email you when they invite you to
          interview, make an offer or decide, and if the listing closes first.
        </p>
        <div className="flex flex-wrap gap-3">
          <Link href={routes.appliedJobs} className={primaryButtonClass}>
            See your applications
          </Link>
          <button type="button" className={secondaryButtonClass} onClick={onDone}>
            Close
          </button>
        </div>
      </div>
    );
  }

  const set = (name: keyof typeof fields) => (event: { target: { value: string } }) =>
    setFields((before) => ({ ...before, [name]: event.target.value }));
  const cvError = first(errors, "cv");

  return (
    <form
      ref={form}
      onSubmit={submit}
      noValidate
      aria-label={`Apply for ${job.title}`}
      className="space-y-5"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Your name"
          autoComplete="name"
          value={fields.full_name}
          onChange={set("full_name")}
          error={first(errors, "full_name")}
        />
        {/* Shown, not typed: applications go from the account's verified address (issue 40). */}
        <TextField
          label="Email"
          type="email"
          readOnly
          value={user.email ?? ""}
          hint="The address you signed in with: the employer writes to you there."
          error={first(errors, "email")}
        />
      </div>
      <TextField
        label="Headline"
        hint="Optional: what you do, in a line."
        value={fields.headline}
        onChange={set("headline")}
        error={first(errors, "headline")}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        {(["Website or portfolio", "LinkedIn or another profile"] as const).map((label, index) => (
          <TextField
            key={label}
            label={label}
            hint="Optional."
            type="url"
            inputMode="url"
            placeholder="https://"
            value={links[index]}
            onChange={(event) =>
              setLinks((before) =>
                before.map((link, at) => (at === index ? event.target.value : link)),
              )
            }
            error={first(errors, "links")}
          />
        ))}
      </div>
      <div>
        <label htmlFor="apply-cv" className="block text-sm font-medium text-gray-900">
          CV (PDF, up to 5 MB)
        </label>
        {cv && !file && (
          <p id="apply-cv-on-file" className="mt-1 text-sm text-gray-600">
            Your CV on file: <span className="font-medium text-gray-900">{cv.name}</span>. Choose
            another to replace it.
          </p>
        )}
        <input
          id="apply-cv"
          type="file"
          accept="application/pdf,.pdf"
          aria-invalid={Boolean(cvError)}
          aria-describedby={
            [cv && !file ? "apply-cv-on-file" : "", cvError ? "apply-cv-error" : ""]
              .filter(Boolean)
              .join(" ") || undefined
          }
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          className="mt-2 block w-full text-sm text-gray-700 file:mr-3 file:rounded-lg file:border-0 file:bg-violet-50 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-violet-700 hover:file:bg-violet-100"
        />
        {cvError && (
          <p id="apply-cv-error" className="mt-1.5 text-sm font-medium text-red-700">
            {cvError}
          </p>
        )}
      </div>
      {job.screening_questions.map((question) =>
        question.kind === "yes_no" ? (
          <Field key={question.id}>
            <RadioGroup
              value={answers[question.id] ?? ""}
              onChange={(value: string) =>
                setAnswers((before) => ({ ...before, [question.id]: value }))
              }
              aria-label={question.prompt}
              aria-invalid={Boolean(first(errors, `answers.${question.id}`))}
              aria-describedby={
                first(errors, `answers.${question.id}`) ? `answer-${question.id}-error` : undefined
              }
            >
              <Label className="block text-sm font-medium text-gray-900">
                {question.prompt}
                {question.required ? " (required)" : ""}
              </Label>
              <div className="mt-2 flex gap-3">
                {(["yes", "no"] as const).map((value) => (
                  <Radio
                    key={value}
                    value={value}
                    className="cursor-pointer rounded-lg px-4 py-2 text-sm font-medium ring-1 ring-gray-300 data-checked:bg-violet-600 data-checked:text-white data-checked:ring-violet-600 data-focus:outline-2 data-focus:outline-offset-2 data-focus:outline-violet-600"
                  >
                    {value === "yes" ? "Yes" : "No"}
                  </Radio>
                ))}
              </div>
            </RadioGroup>
            {first(errors, `answers.${question.id}`) && (
              <p
                id={`answer-${question.id}-error`}
                className="mt-1.5 text-sm font-medium text-red-700"
              >
                {first(errors, `answers.${question.id}`)}
              </p>
            )}
          </Field>
        ) : (
          <TextField
            key={question.id}
            label={`${question.prompt}${question.required ? " (required)" : ""}`}
            value={answers[question.id] ?? ""}
            onChange={(event) =>
              setAnswers((before) => ({ ...before, [question.id]: event.target.value }))
            }
            error={first(errors, `answers.${question.id}`)}
          />
        ),
      )}
      <TextAreaField
        label="Cover note"
        hint="Optional: why you, for this role."
        rows={5}
        maxLength={COVER_NOTE_MAX}
        value={fields.cover_note}
        onChange={set("cover_note")}
        error={first(errors, "cover_note")}
      />
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={primaryButtonClass} aria-disabled={apply.isPending}>
          {apply.isPending ? "Sending…" : "Send application"}
        </button>
        <button type="button" className={secondaryButtonClass} onClick={onDone}>
          Cancel
        </button>
        <p role="status" aria-live="polite" className="text-sm font-medium text-red-700">
          {problem ?? (Object.keys(errors).length > 0 ? "Check the fields marked in red." : "")}
        </p>
      </div>
    </form>
  );
}

/**
 * The application form in a dialog (Headless UI: focus kept inside, Escape closes). Rendered only
 * once Apply was pressed by someone signed in.
 */
export function ApplyDialog({
  job,
  invitationId = null,
  onClose,
}: {
  job: Job;
  /** Opened from an accepted invitation to apply (issue 47): sent with the application. */
  invitationId?: number | null;
  onClose: () => void;
}) {
  return (
    <QueryProvider>
      <Dialog open onClose={onClose} className="relative z-50">
        <div className="fixed inset-0 bg-gray-900/50" aria-hidden="true" />
        <div className="fixed inset-0 overflow-y-auto p-4 sm:p-6">
          <DialogPanel className="mx-auto max-w-2xl rounded-2xl bg-white p-5 shadow-xl sm:p-8">
            <DialogTitle className="text-lg font-semibold text-gray-900">
              Apply for {job.title}
            </DialogTitle>
            <p className="mt-1 mb-6 text-sm text-gray-600">
              at {job.company.name}. Only {job.company.name} sees what you send.
              {job.applications_close_at && (
                <>
                  {" "}
                  Applications close on{" "}
                  <time dateTime={job.applications_close_at}>
                    {formatDate(job.applications_close_at)}
                  </time>
                  .
                </>
              )}
            </p>
            {invitationId !== null && (
              <p className="-mt-3 mb-6 text-sm font-medium text-violet-700">
                {job.company.name} invited you to apply.
              </p>
            )}
            <ApplyFormLoader job={job} invitationId={invitationId} onDone={onClose} />
          </DialogPanel>
        </div>
      </Dialog>
    </QueryProvider>
  );
}
