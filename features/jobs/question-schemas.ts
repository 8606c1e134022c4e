// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import { z } from "zod";
import { singleLine } from "@/lib/validation/fields";
import { RESERVED_KEYS } from "@/lib/validation/input";
import {
  MAX_SCREENING_QUESTIONS,
  SCREENING_QUESTION_KINDS,
  SCREENING_QUESTION_MAX,
} from "@/features/jobs/constants";

/*
 * A listing's screening questions: on their own, below both the job's schemas (features/jobs/schemas.ts
 * shows them on the job's page) and the applications' (features/applications/schemas.ts).
 */

/** A listing's screening question, as the listing's form sends it and the job's page shows it. */
export const screeningQuestionSchema = z
  .strictObject({
    id: z
      .string()
      .regex(/^[a-z0-9]{1,12}$/, "A question's id is 1 to 12 letters or digits")
      // Answers are keyed by it: never a name every object has (issue 40).
      .refine((id) => !RESERVED_KEYS.has(id), "This id is reserved: choose another"),
    kind: z.enum(SCREENING_QUESTION_KINDS, "Choose yes/no or a short answer"),
    prompt: singleLine(
      z
        .string("Write the question")
        .trim()
        .min(3, "Write the question")
        .max(SCREENING_QUESTION_MAX, `Keep a question under ${SCREENING_QUESTION_MAX} characters`),
    ),
    required: z.boolean(),
  })
  .meta({ id: "ScreeningQuestion" });

export type ScreeningQuestion = z.infer<typeof screeningQuestionSchema>;

export const screeningQuestionsSchema = z
  .array(screeningQuestionSchema)
  .max(MAX_SCREENING_QUESTIONS, `Ask at most ${MAX_SCREENING_QUESTIONS} questions`)
  .refine(
    (questions) => new Set(questions.map((question) => question.id)).size === questions.length,
    "Each question needs its own id",
  );
