import type { z } from "zod";
import type { JobFilters } from "@/features/jobs/filters";
import type {
  jobDetailSchema,
  jobFacetsSchema,
  jobPageSchema,
  jobSearchPageSchema,
  jobSummarySchema,
} from "@/features/jobs/schemas";

/*
 * A job's shapes as pages and the browser name them: inferred from the jobs' schemas
 * (features/jobs/schemas.ts), as types only, so the browser downloads no zod for them. The states
 * are in features/jobs/constants.ts, below both.
 */

/** A job as lists show it; dates are ISO strings so pages and the API send them as JSON. */
export type JobSummary = z.output<typeof jobSummarySchema>;

export type JobDetail = z.output<typeof jobDetailSchema>;

/** A page of jobs; `total` is exact below the count cap, where `total_is_capped` says so. */
export type JobPage = z.output<typeof jobPageSchema>;
export type JobFacets = z.output<typeof jobFacetsSchema>;
export type JobSearchPage = z.output<typeof jobSearchPageSchema>;

/** What a public job list page shows: the filters from its URL and the matching page of jobs. */
export type JobBoardData = {
  filters: JobFilters;
  results: JobSearchPage;
  departmentCounts: Record<string, number> | null;
};
