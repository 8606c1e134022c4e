import { eq, inArray } from "drizzle-orm";
import { STAGE_LABELS } from "@/features/applications/constants";
import type { ApplicantSummary } from "@/features/applications/schemas";
import type { Employer } from "@/lib/server/auth/employer";
import { csvLines } from "@/lib/server/csv";
import type { Database } from "@/lib/server/db/client";
import { jobApplications, jobs } from "@/lib/server/db/schema";
import { listApplicants } from "./employer-pipeline";

/*
 * A listing's applicants as a CSV file (issue 27), for the employer's own spreadsheet or ATS.
 * Who may read it is listApplicants' check (the listing's employer and moderators; anyone
 * else's listing is 404); the rest is read here in two queries, whatever the number of rows.
 */

/** Where an applicant stands, with why they cannot be moved when that is so. */
function stageText(applicant: ApplicantSummary): string {
  const stage = STAGE_LABELS[applicant.stage];
  if (applicant.withdrawn_at) return `${stage} (withdrawn)`;
  if (applicant.closed_reason) return `${stage} (closed: listing ${applicant.closed_reason})`;
  return stage;
}

/**
 * The listing `jobId`'s applicants, oldest first, as a CSV document: name, email, headline,
 * stage, the dates, links, cover note, then one column per screening question, headed by its
 * prompt. Answers to a question since removed from the listing are left out, as the pipeline
 * shows them without the question.
 */
export async function applicantsCsv(
  db: Database,
  caller: Employer,
  jobId: number,
): Promise<string> {
  const { applicants } = await listApplicants(db, caller, jobId);
  const ids = applicants.map((applicant) => applicant.id);
  const [[listing], sent] = await Promise.all([
    db.select({ questions: jobs.screeningQuestions }).from(jobs).where(eq(jobs.id, jobId)),
    ids.length === 0
      ? Promise.resolve([])
      : db
          .select({
            id: jobApplications.id,
            links: jobApplications.links,
            coverNote: jobApplications.coverNote,
            answers: jobApplications.answers,
          })
          .from(jobApplications)
          .where(inArray(jobApplications.id, ids)),
  ]);
  const questions = listing?.questions ?? [];
  const byId = new Map(sent.map((row) => [row.id, row]));

  const header = [
    "name",
    "email",
    "headline",
    "stage",
    "applied at",
    "stage changed at",
    "links",
    "cover note",
    ...questions.map((question) => question.prompt),
  ];
  const rows = applicants.map((applicant) => {
    const row = byId.get(applicant.id);
    const answers = new Map(row?.answers.map((answer) => [answer.question_id, answer.answer]));
    return [
      applicant.full_name ?? "",
      applicant.email ?? "",
      applicant.headline ?? "",
      stageText(applicant),
      applicant.created_at,
      applicant.stage_changed_at,
      (row?.links ?? []).join(" "),
      row?.coverNote ?? "",
      ...questions.map((question) => answers.get(question.id) ?? ""),
    ];
  });
  // A byte order mark, or Excel reads UTF-8 as the system's code page and mangles names.
  return "\uFEFF" + csvLines([header, ...rows]);
}
