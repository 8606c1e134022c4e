// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import { talentFiltersSchema, talentPageSchema } from "@/features/directory/schemas";
import { operation } from "@/lib/api/operation";

/** The talent page's candidates: public. Spread into `operations` (lib/api-registry/operations.ts). */
export const talentOperations = {
  listTalent: operation({
    method: "GET",
    path: "/api/talent",
    summary: "The candidates who chose to appear on the talent page",
    access: "public",
    query: talentFiltersSchema,
    answers: { 200: talentPageSchema },
  }),
} as const satisfies Record<string, ReturnType<typeof operation>>;
