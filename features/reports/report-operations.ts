// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import { z } from "zod";
import { reportBySlug } from "@/features/reports/reports";
import { quarterReportSchema } from "@/features/reports/schemas";
import { operation } from "@/lib/api/operation";

/** A quarter's hiring-trends report: public. Spread into `operations` (lib/api-registry/operations.ts). */
export const reportOperations = {
  getQuarterReport: operation({
    method: "GET",
    path: "/api/reports/{quarter}",
    summary: "A quarter's hiring-trends figures",
    access: "public",
    params: z.strictObject({
      // Every quarter that has ended since Q1 2024, as listReports() names them at request time.
      quarter: z
        .string()
        .regex(/^q[1-4]-\d{4}$/, "No report for this quarter")
        .refine((slug) => reportBySlug(slug) !== undefined, "No report for this quarter"),
    }),
    answers: { 200: quarterReportSchema },
  }),
} as const satisfies Record<string, ReturnType<typeof operation>>;
