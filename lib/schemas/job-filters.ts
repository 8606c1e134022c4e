import { z } from "zod";
import {
  JOBS_PER_PAGE,
  MAX_JOBS_PER_PAGE,
  MAX_KEYWORD_LENGTH,
  MAX_PAGE,
  type JobFilters,
} from "@/lib/job-filters";
import { fieldErrorsFrom, type FieldErrors } from "@/lib/schemas/field-errors";

import { taxonomySlugs } from "@/lib/schemas/fields";
import { DEPARTMENTS, JOB_TYPES, REGIONS } from "@/lib/taxonomy";

/** A query-string value: absent, or exactly one string. */
export const single = <T extends z.ZodType<unknown, string>>(schema: T) =>
  z.preprocess(
    (value) => (value === "" ? undefined : value),
    z
      .union([z.string(), z.array(z.string())])
      .optional()
      .refine((value) => !Array.isArray(value), "Give this parameter once")
      .pipe(schema.optional()),
  );

export const wholeNumber = (label: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, `${label} must be a whole number`)
    .transform(Number)
    .pipe(
      z
        .number()
        .min(min, `${label} must be at least ${min}`)
        .max(max, `${label} must be at most ${max}`),
    );

/** The job-list filters, as they come in a URL's query string or an API call. */
export const jobFiltersSchema = z.strictObject({
  q: single(
    z
      .string()
      .trim()
      .max(MAX_KEYWORD_LENGTH, `Keep the search under ${MAX_KEYWORD_LENGTH} characters`)
      // PostgreSQL refuses NUL in text; no other control character belongs in a search either.
      .regex(/^[^\u0000-\u001f\u007f]*$/, "Remove control characters from the search"),
  ),
  department: single(z.enum(taxonomySlugs(DEPARTMENTS), "Unknown department")),
  region: single(z.enum(taxonomySlugs(REGIONS), "Unknown region")),
  type: single(z.enum(taxonomySlugs(JOB_TYPES), "Unknown job type")),
  salary_min: single(wholeNumber("The salary floor", 0, 10_000_000)),
  page: single(wholeNumber("The page", 1, MAX_PAGE)),
  per_page: single(wholeNumber("The page size", 1, MAX_JOBS_PER_PAGE)),
});

/** The query parameters the filters read. */
export const JOB_FILTER_PARAMS: readonly string[] = Object.keys(jobFiltersSchema.shape);

export type ParsedFilters = { ok: true; filters: JobFilters } | { ok: false; errors: FieldErrors };

/** Reads filters from a query object; unknown parameters and bad values become field errors. */
export function parseJobFilters(query: Record<string, unknown>): ParsedFilters {
  const result = jobFiltersSchema.safeParse(query);
  if (!result.success) {
    return {
      ok: false,
      errors: fieldErrorsFrom(result.error, {
        depth: 0,
        root: "query",
        unknownKey: "Unknown parameter",
      }),
    };
  }
  const { q, department, region, type, salary_min, page, per_page } = result.data;
  return {
    ok: true,
    filters: {
      ...(q ? { q } : {}),
      ...(department ? { department } : {}),
      ...(region ? { region } : {}),
      ...(type ? { type } : {}),
      ...(salary_min !== undefined ? { salaryMin: salary_min } : {}),
      page: page ?? 1,
      perPage: per_page ?? JOBS_PER_PAGE,
    },
  };
}
