import { jobs } from "@/lib/server/db/schema";
import { summaryColumns } from "@/features/jobs/server/jobs";

/** What every feed tells of a job: a list's summary with its description (jobs joined to companies). */
export const feedJobColumns = {
  ...summaryColumns,
  description: jobs.description,
  descriptionHtml: jobs.descriptionHtml,
};
