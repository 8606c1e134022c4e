// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import { z } from "zod";
import { blankToNull, singleLine, webAddress } from "@/lib/validation/fields";

/**
 * The company as an employer gives it: in a listing's submission (listings' jobSubmissionSchema)
 * and, but for the logo, when they edit it (companyChangesSchema).
 */
export const companySchema = z.strictObject({
  name: singleLine(
    z
      .string("Enter the company's name")
      .trim()
      .min(1, "Enter the company's name")
      .max(120, "Keep the company's name under 120 characters"),
  ),
  website: webAddress("the website"),
  logo_url: z.preprocess(blankToNull, webAddress("the logo's address").nullable()),
  about: z.preprocess(
    blankToNull,
    z.string().trim().max(1_000, "Keep the company description under 1,000 characters").nullable(),
  ),
});

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
