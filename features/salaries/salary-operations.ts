// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import { salaryQuerySchema, salaryReportSchema } from "@/features/salaries/schemas";
import { operation } from "@/lib/api/operation";

/**
 * What listings pay, as JSON and as CSV: public. Spread into `operations` (lib/api-registry/operations.ts).
 */
export const salaryOperations = {
  getSalaries: operation({
    method: "GET",
    path: "/api/salaries",
    summary: "What listings pay: every role, a role, or a role in a region",
    description:
      "The figures of the salary pages (/salaries, /salaries/{department}, /salaries/{department}/{region}): the 25th, 50th and 75th percentiles and the range of annual base pay in US dollars, from listings with pay posted on the board in the last 12 months, with how many listings are behind each figure (null under min_listings); then the scope's roles, regions or types, and its quarters. Hourly pay counts 2,080 hours a year, monthly pay 12 months; other currencies are converted at the fixed rates given. Recomputed hourly.",
    access: "public",
    query: salaryQuerySchema,
    answers: { 200: salaryReportSchema },
  }),
  getSalariesCsv: operation({
    method: "GET",
    path: "/api/salaries.csv",
    summary: "The same figures as CSV",
    description:
      'One row for the scope\'s last 12 months, one for each of its roles, regions or types, and one for each quarter: department, region, type ("all" for every one), period, listings, and the figures in US dollars (empty under 5 listings).',
    access: "public",
    query: salaryQuerySchema,
    answers: { 200: { file: "text/csv" } },
  }),
} as const satisfies Record<string, ReturnType<typeof operation>>;
