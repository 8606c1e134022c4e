import type { JobDetail, JobSummary } from "@/features/jobs/types";
import type { PayComparison } from "@/features/salaries/types";

/** What a job's page shows: the job, its description as safe HTML, and similar open jobs. */
export type JobPageProps = {
  /** The job without its Markdown `description`: the page shows `descriptionHtml`. */
  job: Omit<JobDetail, "description">;
  descriptionHtml: string;
  similarJobs: JobSummary[];
  /** Where the job's pay sits against its role's median in its region (the salary pages). */
  payComparison: PayComparison | null;
  /**
   * Whether the description already quotes the company's About text (features/jobs/company-about.ts):
   * the page then shows it once, in the description, not again beside it.
   */
  aboutInDescription: boolean;
};
