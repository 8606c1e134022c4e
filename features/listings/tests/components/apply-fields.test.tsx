import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { FormProvider, useForm } from "react-hook-form";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ApplyFields } from "@/features/listings/components/apply-fields";
import {
  emptySubmission,
  type SubmissionFormValues,
} from "@/features/listings/components/submission-form-values";
import { MAX_SCREENING_QUESTIONS } from "@/features/jobs/constants";
import { screeningQuestionsSchema } from "@/features/jobs/question-schemas";

/** The section in a form of its own, which hands what it would send to `onSend`. */
function Harness({ onSend = () => {} }: { onSend?: (values: SubmissionFormValues) => void }) {
  const form = useForm<SubmissionFormValues>({ defaultValues: emptySubmission("standard") });
  return (
    <FormProvider {...form}>
      <form aria-label="Post a job" onSubmit={form.handleSubmit(onSend)}>
        <ApplyFields />
        <button type="submit">Send</button>
      </form>
    </FormProvider>
  );
}

describe("how candidates apply, on /submit and the edit form", () => {
  it("is served with applications on the board chosen, its fields shown, before any script runs", () => {
    const html = new DOMParser().parseFromString(renderToString(<Harness />), "text/html");
    const checked = html.querySelector<HTMLInputElement>('input[name="job.apply_method"]:checked');
    expect(checked?.value).toBe("board");
    expect(html.querySelectorAll('input[name="job.apply_method"]')).toHaveLength(3);
    expect(html.querySelector('input[name="job.applications_close_on"]')).not.toBeNull();
    expect(html.querySelector('input[name="job.apply_url"]')).toBeNull();
  });

  it("shows the chosen way's fields, and sends the questions as written", async () => {
    const user = userEvent.setup();
    let sent: SubmissionFormValues | undefined;
    render(<Harness onSend={(values) => (sent = values)} />);
    const methods = screen.getByRole("group", { name: "Candidates apply" });
    await user.click(within(methods).getByRole("radio", { name: /On your site/ }));
    expect(screen.getByRole("textbox", { name: "Apply URL" })).toBeVisible();
    expect(screen.queryByRole("group", { name: "Screening questions" })).toBeNull();
    await user.click(within(methods).getByRole("radio", { name: /By email/ }));
    expect(screen.getByRole("textbox", { name: "Apply email" })).toBeVisible();
    await user.click(within(methods).getByRole("radio", { name: /On the board/ }));
    expect(within(methods).getByRole("radio", { name: /On the board/ })).toBeChecked();

    const add = screen.getByRole("button", { name: "Add a question" });
    await user.click(add);
    await user.type(
      screen.getByRole("textbox", { name: "Question 1" }),
      "Can you work in UK hours?",
    );
    await user.click(add);
    await user.type(screen.getByRole("textbox", { name: "Question 2" }), "Which tools do you use?");
    await user.selectOptions(
      screen.getAllByRole("combobox", { name: "Answered with" })[1]!,
      "short",
    );
    await user.click(screen.getAllByRole("checkbox", { name: "Required" })[1]!);
    await user.selectOptions(
      screen.getByRole("combobox", { name: "Tell me of new applicants" }),
      "daily",
    );
    await user.click(screen.getByRole("button", { name: "Send" }));

    expect(sent?.job.apply_method).toBe("board");
    expect(sent?.job.applicant_mail).toBe("daily");
    const questions = screeningQuestionsSchema.parse(sent?.job.screening_questions);
    expect(questions.map(({ kind, prompt, required }) => ({ kind, prompt, required }))).toEqual([
      { kind: "yes_no", prompt: "Can you work in UK hours?", required: true },
      { kind: "short", prompt: "Which tools do you use?", required: false },
    ]);
    expect(new Set(questions.map((question) => question.id)).size).toBe(2);
  });

  it("takes at most five questions, and removes the one asked", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    for (let index = 0; index < MAX_SCREENING_QUESTIONS; index += 1) {
      await user.click(screen.getByRole("button", { name: "Add a question" }));
      await user.type(
        screen.getByRole("textbox", { name: `Question ${index + 1}` }),
        `Q${index + 1}?`,
      );
    }
    expect(screen.queryByRole("button", { name: "Add a question" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Remove question 2" }));
    expect(
      screen
        .getAllByRole("textbox", { name: /^Question \d$/ })
        .map((box) => (box as HTMLInputElement).value),
    ).toEqual(["Q1?", "Q3?", "Q4?", "Q5?"]);
    expect(screen.getByRole("button", { name: "Add a question" })).toBeVisible();
  });
});
