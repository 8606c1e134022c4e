// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import {
  cvUploadQuerySchema,
  ownCvSchema,
  uploadedCvSchema,
} from "@/features/applications/cv-schemas";
import { operation } from "@/lib/api/operation";

/**
 * The candidate's CV, kept on the profile for their applications (issue 27). Spread into
 * `operations` (lib/api-registry/operations.ts).
 */
export const cvOperations = {
  getOwnCv: operation({
    method: "GET",
    path: "/api/profile/cv",
    summary: "The caller's CV, the PDF itself",
    description:
      "Answered with Cache-Control: private, no-store and Content-Disposition: inline with the file's name. 404 when there is none.",
    access: "user",
    answers: { 200: { file: "application/pdf" } },
    errors: [404],
  }),
  getOwnCvDetails: operation({
    method: "GET",
    path: "/api/profile/cv/meta",
    summary: "The caller's CV's name, size and upload time, or null when there is none",
    access: "user",
    answers: { 200: ownCvSchema },
  }),
  uploadOwnCv: operation({
    method: "PUT",
    path: "/api/profile/cv",
    summary: "Upload or replace the caller's CV",
    description:
      "The body is the PDF itself (any Content-Type; it is decided by the bytes), at most 5 MB; `name` is the file's name, kept (cleaned, ending .pdf) to offer it under. Not a PDF, an encrypted or unreadable PDF, or one over 5 MB is refused with 422 on `cv`, and the CV before stays. The replaced file is deleted.",
    access: "user",
    query: cvUploadQuerySchema,
    rawBody: { contentType: "application/pdf" },
    answers: { 200: uploadedCvSchema },
  }),
  removeOwnCv: operation({
    method: "DELETE",
    path: "/api/profile/cv",
    summary: "Remove the caller's CV and its file (none is no error)",
    access: "user",
    answers: { 200: ownCvSchema },
  }),
} as const satisfies Record<string, ReturnType<typeof operation>>;
