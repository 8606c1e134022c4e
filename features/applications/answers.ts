import type { ScreeningQuestion } from "@/features/jobs/question-schemas";

// A stored question's kind is read as a string: one not known is answered as a short one.
type Question = Pick<ScreeningQuestion, "id" | "required"> & { kind: string };

/**
 * A listing's questions answered as asked, the same on the apply form (every mistake at once,
 * before anything is sent) and on the server: a required one left empty is an error on
 * `answers.{id}`, a yes/no one answered otherwise too; answers to no question are dropped.
 */
export function checkAnswers(
  questions: readonly Question[],
  answers: Record<string, string>,
): { errors: Record<string, string[]>; kept: { question_id: string; answer: string }[] } {
  const errors: Record<string, string[]> = Object.create(null) as Record<string, string[]>;
  const kept: { question_id: string; answer: string }[] = [];
  // Read as a map: a question's id (one stored before ids were checked) never finds what a
  // plain object inherits.
  const given = new Map(Object.entries(answers));
  for (const question of questions) {
    const answer = (given.get(question.id) ?? "").trim();
    if (!answer) {
      if (question.required) errors[`answers.${question.id}`] = ["Answer this question"];
      continue;
    }
    if (question.kind === "yes_no" && answer !== "yes" && answer !== "no") {
      errors[`answers.${question.id}`] = ["Answer yes or no"];
      continue;
    }
    kept.push({ question_id: question.id, answer });
  }
  return { errors, kept };
}
