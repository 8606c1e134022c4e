import { Controller, useFormContext, useFormState, useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { FormSection, SelectField, TextField } from "@/components/ui/form-controls";
import {
  fieldErrorMessage,
  FormSelectField,
  FormTextField,
  useFormField,
} from "@/components/ui/form-fields";
import {
  APPLY_METHOD_LABELS,
  APPLY_METHODS,
  MAX_SCREENING_QUESTIONS,
  type ApplyMethod,
} from "@/features/jobs/constants";
import type { ScreeningQuestion } from "@/features/jobs/question-schemas";

/** What each way of applying means for the employer, under its name. */
const METHOD_HINTS: Record<ApplyMethod, string> = {
  board:
    "Candidates apply here with their CV and your questions; you review them on your listings page, and each hears back.",
  link: "Candidates go to your careers site or applicant tracking system.",
  email: "Candidates write to an address you give.",
};

const QUESTIONS = "job.screening_questions";

const KIND_CHOICES = [
  { value: "yes_no", label: "Yes or no" },
  { value: "short", label: "A short answer" },
];

/** A new question's id: a few random letters and digits, as the schema takes them. */
const newQuestionId = () => Math.random().toString(36).slice(2, 10) || "q";

/**
 * How candidates apply (issue 27), as /submit and a listing's edit form both ask it: on the
 * board (with up to five screening questions, a closing date and how the employer hears of
 * applicants), at a link, or by email. Plain radio buttons, so the choice works and is sent
 * before the page's scripts run; only the chosen way's fields are shown.
 */
export function ApplyFields() {
  const { control } = useFormContext();
  const method = (useWatch({ control, name: "job.apply_method" }) ?? "board") as ApplyMethod;
  const { registered, error } = useFormField("job.apply_method");
  return (
    <FormSection
      id="apply"
      title="How candidates apply"
      lead="On the board, you see every applicant in one place and no one is left without an answer."
    >
      <fieldset>
        <legend className="text-sm font-medium text-gray-900">Candidates apply</legend>
        <div className="mt-2 grid gap-3 sm:grid-cols-3">
          {APPLY_METHODS.map((value) => (
            <label
              key={value}
              className="flex cursor-pointer gap-3 rounded-lg bg-white p-3 ring-1 ring-gray-300 has-checked:ring-2 has-checked:ring-violet-600"
            >
              <input
                type="radio"
                value={value}
                defaultChecked={method === value}
                {...registered}
                aria-describedby={`apply-method-${value}-hint`}
                className="mt-0.5 size-4 shrink-0 accent-violet-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600"
              />
              <span className="flex flex-col">
                <span className="text-sm font-medium text-gray-900">
                  {APPLY_METHOD_LABELS[value]}
                </span>
                <span id={`apply-method-${value}-hint`} className="mt-1 text-sm text-gray-500">
                  {METHOD_HINTS[value]}
                </span>
              </span>
            </label>
          ))}
        </div>
        {error && <p className="mt-2 text-sm font-medium text-red-700">{error}</p>}
      </fieldset>

      {method === "link" && (
        <FormTextField
          label="Apply URL"
          type="url"
          inputMode="url"
          placeholder="https://"
          hint="Where candidates apply."
          name="job.apply_url"
        />
      )}
      {method === "email" && (
        <FormTextField
          label="Apply email"
          type="email"
          autoComplete="email"
          placeholder="jobs@company.com"
          hint="Where candidates send their application."
          name="job.apply_email"
        />
      )}
      {method === "board" && <BoardApplyFields />}
    </FormSection>
  );
}

/** On the board: the screening questions, the closing date and the employer's mail. */
function BoardApplyFields() {
  return (
    <>
      <ScreeningQuestions />
      <div className="grid gap-5 sm:grid-cols-2">
        <FormTextField
          label="Applications close on"
          type="date"
          hint="Optional. The last day candidates can apply; without it, until the listing ends."
          name="job.applications_close_on"
        />
        <FormSelectField
          label="Tell me of new applicants"
          options={[
            { value: "instant", label: "By email, one by one" },
            { value: "daily", label: "By email, once a day" },
          ]}
          name="job.applicant_mail"
        />
      </div>
    </>
  );
}

/**
 * Up to five questions each applicant answers: yes/no or a few words, each required or not.
 * The list is one controlled value of the form (react-hook-form's Controller, as the plan
 * picker is), edited as a whole: rows are keyed by their question's own id, so removing one
 * keeps what was typed in the others.
 */
function ScreeningQuestions() {
  const { control } = useFormContext();
  const { errors } = useFormState({ control, name: QUESTIONS });
  const errorAt = (path: string) => fieldErrorMessage(errors, path);
  return (
    <Controller
      control={control}
      name={QUESTIONS}
      render={({ field }) => {
        const questions = (field.value ?? []) as ScreeningQuestion[];
        const change = (next: ScreeningQuestion[]) => field.onChange(next);
        const edit = (index: number, patch: Partial<ScreeningQuestion>) =>
          change(
            questions.map((question, at) => (at === index ? { ...question, ...patch } : question)),
          );
        return (
          <fieldset>
            <legend className="text-sm font-medium text-gray-900">Screening questions</legend>
            <p className="mt-1 text-sm text-gray-500">
              Optional. Up to {MAX_SCREENING_QUESTIONS}, such as “Can you work in UK hours?”.
              Applicants answer them with their CV.
            </p>
            <ol className="mt-3 space-y-3">
              {questions.map((question, index) => (
                <li key={question.id} className="rounded-lg bg-gray-50 p-3 ring-1 ring-gray-200">
                  <fieldset className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_11rem]">
                    <legend className="sr-only">Question {index + 1}</legend>
                    <TextField
                      label={`Question ${index + 1}`}
                      placeholder="Have you managed creator partnerships before?"
                      value={question.prompt}
                      onChange={(event) => edit(index, { prompt: event.target.value })}
                      onBlur={field.onBlur}
                      error={errorAt(`${QUESTIONS}.${index}.prompt`)}
                    />
                    <SelectField
                      label="Answered with"
                      options={KIND_CHOICES}
                      value={question.kind}
                      onChange={(event) =>
                        edit(index, { kind: event.target.value as ScreeningQuestion["kind"] })
                      }
                      error={errorAt(`${QUESTIONS}.${index}.kind`)}
                    />
                    <div className="flex items-center justify-between gap-3 sm:col-span-2">
                      <label className="flex items-center gap-2 text-sm text-gray-900">
                        <input
                          type="checkbox"
                          checked={question.required}
                          onChange={(event) => edit(index, { required: event.target.checked })}
                          className="size-4 accent-violet-600"
                        />
                        Required
                      </label>
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={`Remove question ${index + 1}`}
                        onClick={() => change(questions.filter((_, at) => at !== index))}
                      >
                        Remove
                      </Button>
                    </div>
                  </fieldset>
                </li>
              ))}
            </ol>
            {errorAt(QUESTIONS) && (
              <p className="mt-2 text-sm font-medium text-red-700">{errorAt(QUESTIONS)}</p>
            )}
            {questions.length < MAX_SCREENING_QUESTIONS && (
              <Button
                variant="secondary"
                size="sm"
                className="mt-3"
                onClick={() =>
                  change([
                    ...questions,
                    { id: newQuestionId(), kind: "yes_no", prompt: "", required: true },
                  ])
                }
              >
                Add a question
              </Button>
            )}
          </fieldset>
        );
      }}
    />
  );
}
