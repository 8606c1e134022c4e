import type { DepartmentSlug, RegionSlug } from "@/lib/taxonomy";

/*
 * The talent page's filters as the page and its API use them; reading them from a query string
 * (with zod) is in features/directory/schemas.ts, above this.
 */

export type TalentFilters = { department?: DepartmentSlug; region?: RegionSlug; page: number };

export const TALENT_PER_PAGE = 24;
