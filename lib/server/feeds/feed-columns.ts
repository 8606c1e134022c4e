import { jobs } from "../db/schema";
import { summaryColumns } from "../jobs/jobs-service";

/** What every feed tells of a job: a list's summary with its description (jobs joined to companies). */
export const feedJobColumns = {
  ...summaryColumns,
  description: jobs.description,
  descriptionHtml: jobs.descriptionHtml,
};
