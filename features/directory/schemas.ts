// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import { z } from "zod";
import { MAX_PAGE } from "@/features/jobs/filters";
import { QUERY_NAMING, type Parsed } from "@/lib/validation/field-errors";
import { single, taxonomySlugs, wholeNumber } from "@/lib/validation/fields";
import { parseInput } from "@/lib/validation/input";
import type { TalentFilters } from "@/features/directory/filters";
import { DEPARTMENTS, REGIONS } from "@/lib/taxonomy";

/** The talent page's filters, from its query string or its API's. */
export const talentFiltersSchema = z
  .strictObject({
    department: single(z.enum(taxonomySlugs(DEPARTMENTS), "Unknown department")),
    region: single(z.enum(taxonomySlugs(REGIONS), "Unknown region")),
    page: single(wholeNumber("The page", 1, MAX_PAGE)),
  })
  .transform(({ department, region, page }): TalentFilters => ({
    ...(department ? { department } : {}),
    ...(region ? { region } : {}),
    page: page ?? 1,
  }));

export const parseTalentFilters = (query: Record<string, unknown>): Parsed<TalentFilters> =>
  parseInput(talentFiltersSchema, query, QUERY_NAMING);

/** A candidate as the public talent page shows them: only what they chose to publish. */
export const talentProfileSchema = z
  .strictObject({
    name: z.string(),
    /** An https picture from the identity provider, or null. */
    avatar_url: z.string().nullable(),
    headline: z.string().nullable(),
    location: z.string().nullable(),
    skills: z.array(z.string()),
    open_to_work: z.boolean(),
    /** Department and region slugs from their preferences: what they are looking for. */
    departments: z.array(z.string()),
    regions: z.array(z.string()),
  })
  .meta({ id: "TalentProfile" });

export const talentPageSchema = z
  .strictObject({
    profiles: z.array(talentProfileSchema),
    total: z.int().nonnegative(),
    page: z.int().positive(),
    page_count: z.int().positive(),
    filters: z.strictObject({
      department: z.string().optional(),
      region: z.string().optional(),
      page: z.int().positive(),
    }),
  })
  .meta({ id: "TalentPage", description: "A page of the public talent list" });
