// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import { z } from "zod";
import { companyChangesSchema, ownCompanySchema } from "@/features/companies/schemas";
import { operation } from "@/lib/api/operation";

/**
 * The signed-in employer's company (its logo is in logo-operations.ts). Spread into `operations`
 * (lib/api-registry/operations.ts).
 */
export const companyOperations = {
  getOwnCompany: operation({
    method: "GET",
    path: "/api/company",
    summary: "The signed-in employer's company (made with their first listing)",
    access: "employer",
    employer: { role: "viewer" },
    answers: { 200: z.strictObject({ company: ownCompanySchema }) },
    errors: [404],
  }),
  updateOwnCompany: operation({
    method: "PATCH",
    path: "/api/company",
    summary: "Change the employer's company: name, website, about (the logo is uploaded)",
    access: "employer",
    employer: { role: "recruiter" },
    body: z.strictObject({ company: companyChangesSchema }),
    envelope: "company",
    answers: { 200: z.strictObject({ company: ownCompanySchema }) },
    errors: [404],
  }),
} as const satisfies Record<string, ReturnType<typeof operation>>;
