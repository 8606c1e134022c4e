import { z } from "zod";
import {
  ALERT_FREQUENCY_SLUGS,
  APPLICATION_STATUS_SLUGS,
  type ApplicationStatus,
  type Preferences,
} from "@/lib/candidate";
import { MAX_PAGE } from "@/lib/job-filters";
import { MAX_ID } from "@/lib/job-path";
import { parseBody, parseEnvelope, type Parsed } from "@/lib/schemas/field-errors";
import { taxonomySlugs } from "@/lib/schemas/fields";
import { single, wholeNumber } from "@/lib/schemas/job-filters";
import type { TalentFilters } from "@/lib/talent-types";
import { DEPARTMENTS, JOB_TYPES, REGIONS, type TaxonomyEntry } from "@/lib/taxonomy";

/** A list of distinct slugs from one taxonomy. */
const slugList = (entries: readonly TaxonomyEntry[], noun: string) =>
  z
    .array(z.enum(taxonomySlugs(entries), `Unknown ${noun}`), `Choose ${noun}s from the list`)
    .refine((values) => new Set(values).size === values.length, `Choose each ${noun} once`);

const preferencesFieldsSchema = z
  .strictObject({
    departments: slugList(DEPARTMENTS, "department"),
    regions: slugList(REGIONS, "region"),
    types: slugList(JOB_TYPES, "job type"),
    salary_min: z
      .int("The salary floor must be a whole number")
      .min(0, "The salary floor cannot be negative")
      .max(10_000_000, "The salary floor must be at most 10,000,000")
      .nullable(),
    remote_only: z.boolean("Remote only must be true or false"),
    alert_frequency: z.enum(ALERT_FREQUENCY_SLUGS, "Choose daily, weekly or never"),
  })
  .partial();

/** A PATCH body `{ preferences: fields }`; fields left out keep their value. */
export const parsePreferencesUpdate = (body: unknown): Parsed<Partial<Preferences>> =>
  parseEnvelope("preferences", preferencesFieldsSchema, body);

const jobId = z
  .int("Give the job's id as a whole number")
  .positive("Give the job's id as a whole number")
  .max(MAX_ID, "No job has this id");

const applicationStatus = z.enum(
  APPLICATION_STATUS_SLUGS,
  `Choose one of: ${APPLICATION_STATUS_SLUGS.join(", ")}`,
);

const topLevel = { depth: 0, root: "body", unknownKey: "Unknown field" };

/** `{ job_id }`: the job to save or to mark not interested. */
export function parseJobReference(body: unknown): Parsed<{ job_id: number }> {
  return parseBody(z.strictObject({ job_id: jobId }), body, topLevel);
}

/** `{ job_id, status? }`: a new application, "applied" unless said otherwise. */
export function parseNewApplication(
  body: unknown,
): Parsed<{ job_id: number; status: ApplicationStatus }> {
  const schema = z.strictObject({ job_id: jobId, status: applicationStatus.default("applied") });
  return parseBody(schema, body, topLevel);
}

/** `{ status }`: where an application stands now. */
export function parseApplicationUpdate(body: unknown): Parsed<{ status: ApplicationStatus }> {
  return parseBody(z.strictObject({ status: applicationStatus }), body, topLevel);
}

/** A numeric id from a URL segment, or null when it is not one. */
export function parseIdSegment(value: unknown): number | null {
  const parsed = z
    .string()
    .regex(/^[1-9]\d{0,9}$/)
    .transform(Number)
    .pipe(z.number().max(MAX_ID))
    .safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** The query of GET /api/recommendations: `page`, from 1. */
export function parseRecommendationsQuery(query: unknown): Parsed<{ page: number }> {
  const schema = z.strictObject({ page: single(wholeNumber("The page", 1, MAX_PAGE)) });
  const parsed = parseBody(schema, query, topLevel);
  return parsed.ok ? { ok: true, data: { page: parsed.data.page ?? 1 } } : parsed;
}

/** The talent page's filters, from its query string or its API's. */
export function parseTalentFilters(query: unknown): Parsed<TalentFilters> {
  const schema = z.strictObject({
    department: single(z.enum(taxonomySlugs(DEPARTMENTS), "Unknown department")),
    region: single(z.enum(taxonomySlugs(REGIONS), "Unknown region")),
    page: single(wholeNumber("The page", 1, MAX_PAGE)),
  });
  const parsed = parseBody(schema, query, topLevel);
  if (!parsed.ok) return parsed;
  const { department, region, page } = parsed.data;
  return {
    ok: true,
    data: {
      ...(department ? { department } : {}),
      ...(region ? { region } : {}),
      page: page ?? 1,
    },
  };
}
