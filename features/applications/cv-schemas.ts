// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import { z } from "zod";
import { single, timestamp } from "@/lib/validation/fields";

/*
 * The candidate's CV as the API takes and answers it (issue 27): PUT /api/profile/cv takes the
 * PDF itself as the body and its file name in the query; answers describe the file, which only
 * GET /api/profile/cv serves.
 */

/** The name the upload had, from the person's own disk: cleaned, never refused for its look. */
export const CV_NAME_MAX = 255;

export const cvUploadQuerySchema = z.strictObject({
  name: single(
    z
      .string("Give the file's name as text")
      .max(CV_NAME_MAX, `Keep the file's name under ${CV_NAME_MAX} characters`),
  ).meta({ description: "The file's name on the person's disk, e.g. Jane Doe CV.pdf" }),
});

/** A stored CV: the name it is offered under (always .pdf), its size in bytes, when it came. */
export const cvSchema = z
  .strictObject({
    name: z.string(),
    bytes: z.int().positive(),
    uploaded_at: timestamp,
  })
  .meta({ id: "Cv" });

/** The caller's CV, or null when they have none. */
export const ownCvSchema = z.strictObject({ cv: cvSchema.nullable() });

/** The CV just uploaded. */
export const uploadedCvSchema = z.strictObject({ cv: cvSchema });

export type Cv = z.output<typeof cvSchema>;
