// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import { z } from "zod";
import { companySchema } from "@/features/listings/submission-schemas";

/** The signed-in employer's company, as they see and edit it. */
export const ownCompanySchema = z
  .strictObject({
    id: z.int().positive(),
    /** Its page is /companies/{slug}; the address stays when the name changes. */
    slug: z.string(),
    name: z.string(),
    website: z.string().nullable(),
    logo_url: z.string().nullable(),
    about: z.string().nullable(),
  })
  .meta({ id: "OwnCompany" });

/**
 * PATCH /api/company: the fields to change, checked as the submission form checks them. The
 * logo is not among them: it is uploaded (PUT /api/company/logo), re-encoded and served here.
 */
export const companyChangesSchema = companySchema.omit({ logo_url: true }).partial();

export type CompanyChanges = z.infer<typeof companyChangesSchema>;
