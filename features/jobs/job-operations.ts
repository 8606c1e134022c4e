// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import { z } from "zod";
import { parseJobParam } from "@/features/jobs/path";
import { jobFiltersSchema } from "@/features/jobs/filter-schemas";
import { jobDetailSchema, jobSearchPageSchema } from "@/features/jobs/schemas";
import { operation } from "@/lib/api/operation";

const jobIdParam = z
  .string()
  .transform((value, context) => {
    const parsed = parseJobParam(value);
    if (parsed) return parsed;
    context.addIssue({ code: "custom", message: "There is no job with that id" });
    return z.NEVER;
  })
  .meta({ description: "The job's id, optionally followed by -{slug}: 123 or 123-video-editor" });

/**
 * The open jobs' search and one job's page, open or closed: public. Spread into `operations`
 * (lib/api-registry/operations.ts).
 */
export const jobOperations = {
  listJobs: operation({
    method: "GET",
    path: "/api/jobs",
    summary: "Search the open jobs",
    description:
      "Open jobs matching the filters: sponsored first, then newest. With q, the best matches first: its words match titles, companies, locations and descriptions (in that order of weight), with the field's synonyms and abbreviations (yt, smm, ugc...), the board's own words for typos (corrected_q says how it was read), the last word as a prefix, and -word to leave a word out; at most 8 words are read. Each filter's choices come with how many jobs they would give (facets; estimates when the search matches more than 1,000 jobs, facets_approximate); an empty result may suggest a respelling (suggested_q).",
    access: "public",
    query: jobFiltersSchema,
    answers: { 200: jobSearchPageSchema },
  }),
  getJob: operation({
    method: "GET",
    path: "/api/jobs/{jobId}",
    summary: "One job, open or closed",
    access: "public",
    params: z.strictObject({ jobId: jobIdParam }),
    answers: { 200: jobDetailSchema },
  }),
} as const satisfies Record<string, ReturnType<typeof operation>>;
