// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import { z } from "zod";
import { companyEmbedSchema, embedQuerySchema, embedSlugSegment } from "@/features/embed/schemas";
import { operation } from "@/lib/api/operation";

/**
 * A company's live listings for its own careers page (issue 66): what the web component
 * (public/embed.js) draws. Public, cached, readable from any origin. Spread into `operations`.
 */
export const embedOperations = {
  getCompanyEmbed: operation({
    method: "GET",
    path: "/api/companies/{slug}/embed",
    summary: "A company's live listings, for its own careers page",
    description:
      "Its open, unexpired listings, newest first, at most `limit` (1 to 50, 10 unless given), each with its page on the board as an absolute address; `total` counts them all. Answered with Access-Control-Allow-Origin: * and no cookie, cached by shared caches for a minute (purged when a listing is published or ends). 404 for an unknown company; 422 on limit.",
    access: "public",
    params: z.strictObject({ slug: embedSlugSegment }),
    query: embedQuerySchema,
    answers: { 200: companyEmbedSchema },
    errors: [404],
  }),
} as const satisfies Record<string, ReturnType<typeof operation>>;
