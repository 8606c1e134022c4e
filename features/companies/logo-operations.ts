// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import { z } from "zod";
import { LOGO_NAME_PATTERN } from "@/lib/logos/logos";
import { ownCompanySchema } from "@/features/companies/schemas";
import { operation } from "@/lib/api/operation";

const companyAnswer = z.strictObject({ company: ownCompanySchema });

/** The API's logo operations; spread into `operations` (lib/api-registry/operations.ts). */
export const logoOperations = {
  uploadCompanyLogo: operation({
    method: "PUT",
    path: "/api/company/logo",
    summary: "Upload the employer's company logo",
    description:
      "The body is the image file itself: PNG, JPEG or WebP (decided by its bytes, whatever the " +
      "Content-Type says), at most 1 MB and 4000 pixels a side. It is re-encoded to a 256-pixel " +
      "square WebP without metadata, and the company's logo_url becomes its address under " +
      "/api/logos/. Anything else is refused with 422 on `logo`, and the old logo stays. 404 " +
      "before the employer's first listing.",
    access: "employer",
    employer: { role: "recruiter" },
    rawBody: { contentType: "image/*" },
    answers: { 200: companyAnswer },
    errors: [404],
  }),
  removeCompanyLogo: operation({
    method: "DELETE",
    path: "/api/company/logo",
    summary: "Remove the employer's company logo (pages show its initial instead)",
    access: "employer",
    employer: { role: "recruiter" },
    answers: { 200: companyAnswer },
    errors: [404],
  }),
  getLogo: operation({
    method: "GET",
    path: "/api/logos/{name}",
    summary: "A company logo, by the name its company's logo_url gives",
    description:
      "Names are the hash of the file's bytes, so an address never changes what it shows: " +
      "answered with Cache-Control: public, max-age=31536000, immutable.",
    access: "public",
    params: z.strictObject({
      name: z.string().regex(LOGO_NAME_PATTERN, "There is no logo of that name"),
    }),
    answers: { 200: { file: "image/webp" } },
  }),
} as const satisfies Record<string, ReturnType<typeof operation>>;
