// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import { z } from "zod";
import { alertFrequency } from "@/features/account/schemas";
import { jobFiltersSchema } from "@/features/jobs/filter-schemas";
import { MAX_KEYWORD_LENGTH } from "@/features/jobs/filters";
import { DEPARTMENTS, JOB_TYPES, REGIONS } from "@/lib/taxonomy";
import { taxonomySlugs, timestamp } from "@/lib/validation/fields";
import { MAX_SAVED_SEARCHES } from "./constants";
import { hasSearch, normalizeKeyword, searchFiltersOf } from "./search";

/*
 * Saved searches: what POST /api/saved_searches and PATCH /api/saved_searches/{id} take, and
 * what they answer. A search's fields are read by the job lists' own filter fields
 * (features/jobs/filter-schemas.ts), so a search saves exactly what the board can show.
 */

/** The job lists' filter fields, but the paging: each reads a query string's text. */
const listFilters = jobFiltersSchema.in.omit({ page: true, per_page: true }).shape;

/**
 * One of the lists' filter fields as a JSON body's field: null is a filter left out (as a blank
 * is in a query string), a number is read as a query string writes it, and the OpenAPI document
 * names the JSON value it takes (the query string's field takes a string or a list of them).
 */
const jsonField = <T extends z.ZodType>(field: T, documented: Record<string, unknown>) =>
  z
    .preprocess(
      (value) => (value === null ? undefined : typeof value === "number" ? String(value) : value),
      field,
    )
    .meta({
      override: ({ jsonSchema }) => {
        for (const key of Object.keys(jsonSchema)) delete jsonSchema[key];
        Object.assign(jsonSchema, documented);
      },
    });

const slugOf = (entries: readonly { slug: string }[], noun: string) => ({
  type: "string",
  enum: entries.map((entry) => entry.slug),
  description: `A ${noun}'s slug, as the job list's filter takes it`,
});

export const savedSearchInputSchema = z
  .strictObject({
    q: jsonField(listFilters.q, {
      type: "string",
      maxLength: MAX_KEYWORD_LENGTH,
      description: "The keywords, as the job list's search takes them",
    }),
    department: jsonField(listFilters.department, slugOf(DEPARTMENTS, "department")),
    region: jsonField(listFilters.region, slugOf(REGIONS, "region")),
    type: jsonField(listFilters.type, slugOf(JOB_TYPES, "job type")),
    salary_min: jsonField(listFilters.salary_min, {
      type: "integer",
      minimum: 0,
      description: "Yearly, in USD: jobs paying at least this at the top of their range",
    }),
    alert_frequency: alertFrequency,
  })
  .refine(hasSearch, {
    message: "Give a keyword or a filter to save: alerts for every new job are set on Preferences",
  })
  .transform(({ alert_frequency, ...filters }) => ({
    filters: searchFiltersOf({ ...filters, q: filters.q && normalizeKeyword(filters.q) }),
    alert_frequency,
  }))
  .meta({
    description: `A search of the board to keep, and how often to mail its new matches; at most ${MAX_SAVED_SEARCHES} per person`,
  });

export type SavedSearchInput = z.output<typeof savedSearchInputSchema>;

/** `{ alert_frequency }`: how often to mail the search's new matches. */
export const savedSearchUpdateSchema = z.strictObject({ alert_frequency: alertFrequency });

export const savedSearchSchema = z
  .strictObject({
    id: z.int().positive(),
    q: z.string().nullable(),
    department: z.enum(taxonomySlugs(DEPARTMENTS)).nullable(),
    region: z.enum(taxonomySlugs(REGIONS)).nullable(),
    type: z.enum(taxonomySlugs(JOB_TYPES)).nullable(),
    salary_min: z.int().nullable(),
    alert_frequency: alertFrequency,
    /** "“video editor” in Design, Remote" */
    label: z
      .string()
      .meta({ description: "The search in words: “video editor” in Design, Remote" }),
    url: z.string().meta({ description: "The path of the board's results for the search" }),
    created_at: timestamp,
  })
  .meta({ id: "SavedSearch", description: "A search of the board the candidate keeps" });

export const savedSearchListSchema = z.strictObject({
  saved_searches: z.array(savedSearchSchema),
});

export const savedSearchAnswerSchema = z.strictObject({ saved_search: savedSearchSchema });
