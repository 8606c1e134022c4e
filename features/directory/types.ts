import type { z } from "zod";
import type { talentPageSchema, talentProfileSchema } from "@/features/directory/schemas";

/** A candidate as the public talent page shows them: only what they chose to publish. */
export type TalentProfile = z.output<typeof talentProfileSchema>;

export type TalentPage = z.output<typeof talentPageSchema>;
