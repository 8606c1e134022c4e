// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import { z } from "zod";
import {
  JOBS_PER_PAGE,
  MAX_JOBS_PER_PAGE,
  MAX_KEYWORD_LENGTH,
  MAX_PAGE,
  type JobFilters,
} from "@/features/jobs/filters";
import type { JobFilterParam } from "@/lib/page-params";
import { QUERY_NAMING, type Parsed } from "@/lib/validation/field-errors";
import { single, taxonomySlugs, wholeNumber } from "@/lib/validation/fields";
import { parseInput } from "@/lib/validation/input";
import { DEPARTMENTS, JOB_TYPES, REGIONS } from "@/lib/taxonomy";

/**
 * A keyword search's `q`: any search is answered: line breaks and runs of spaces become one
 * space, and a search longer than the box allows is cut to it (features/jobs/search-query.ts caps its
 * words too). The job board's and the candidate directory's.
 */
export const keywordParam = single(
  z
    .string()
    .transform((text) => text.replace(/\s+/gu, " ").trim().slice(0, MAX_KEYWORD_LENGTH).trim()),
);

/** The job-list filters' parameters: exactly JOB_FILTER_PARAMS (lib/page-params.ts). */
const filterParams = {
  q: keywordParam,
  department: single(z.enum(taxonomySlugs(DEPARTMENTS), "Unknown department")),
  region: single(z.enum(taxonomySlugs(REGIONS), "Unknown region")),
  type: single(z.enum(taxonomySlugs(JOB_TYPES), "Unknown job type")),
  salary_min: single(wholeNumber("The salary floor", 0, 10_000_000)),
  page: single(wholeNumber("The page", 1, MAX_PAGE)),
  per_page: single(wholeNumber("The page size", 1, MAX_JOBS_PER_PAGE)),
} satisfies Record<JobFilterParam, unknown>;

/** The job-list filters, as they come in a URL's query string or an API call. */
export const jobFiltersSchema = z
  .strictObject(filterParams)
  .transform(({ q, department, region, type, salary_min, page, per_page }): JobFilters => ({
    ...(q ? { q } : {}),
    ...(department ? { department } : {}),
    ...(region ? { region } : {}),
    ...(type ? { type } : {}),
    ...(salary_min !== undefined ? { salary_min } : {}),
    page: page ?? 1,
    per_page: per_page ?? JOBS_PER_PAGE,
  }));

/** Reads filters from a query object; unknown parameters and bad values become field errors. */
export const parseJobFilters = (query: Record<string, unknown>): Parsed<JobFilters> =>
  parseInput(jobFiltersSchema, query, QUERY_NAMING);
