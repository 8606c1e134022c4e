import type { z } from "zod";
import type { talentPageSchema, talentProfileSchema } from "@/lib/schemas/talent";
import type { DepartmentSlug, RegionSlug } from "@/lib/taxonomy";

/** A candidate as the public talent page shows them: only what they chose to publish. */
export type TalentProfile = z.output<typeof talentProfileSchema>;

export type TalentFilters = { department?: DepartmentSlug; region?: RegionSlug; page: number };

export type TalentPage = z.output<typeof talentPageSchema>;

export const TALENT_PER_PAGE = 24;
