import type { z } from "zod";
import { jobSchema } from "@/lib/schemas/job-submission";

/**
 * An edit of a listing: all of its job fields as the employer wants them, checked as the
 * submission form checks them (the company is edited on its own, PATCH /api/company).
 */
export const listingChangesSchema = jobSchema;

export type ListingChanges = z.output<typeof listingChangesSchema>;
