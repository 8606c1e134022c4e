// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import { z } from "zod";
import {
  analyticsRangeQuery,
  employerFunnelSchema,
  pageViewReceiptSchema,
  pageViewSchema,
} from "@/features/analytics/analytics-schemas";
import { operation } from "@/lib/api/operation";

/** The API's analytics operations (issue 65; the owner's report is the moderators', features/moderation/moderation-operations.ts); spread into `operations` (lib/api-registry/operations.ts). */
export const analyticsOperations = {
  recordPageView: operation({
    method: "POST",
    path: "/api/stats/views",
    summary: "Count a view of one of the board's pages, sent by the page itself",
    description:
      "Counted once per visitor per UTC day for each figure (the board, the page, a landing, a source, a device), from a daily salted hash of the address and User-Agent that is forgotten after two days: no cookie, nothing identifying stored. Not counted (counted: false) for crawlers, requests without a User-Agent, and requests that carry Sec-GPC: 1 or DNT: 1. A search page sends its normalised term and result count.",
    access: "public",
    body: pageViewSchema,
    answers: { 200: pageViewReceiptSchema },
  }),
  getEmployerFunnel: operation({
    method: "GET",
    path: "/api/company/funnel",
    summary:
      "The caller's company's funnel, each listing beside the board's median for its department",
    description:
      "The caller's own company only. Listings live in the range, their views, apply clicks, applications, interviews and hires, the days to the first application, and where the applicants came from. from and to are YYYY-MM-DD (default: the last 30 days).",
    access: "employer",
    employer: { role: "viewer" },
    query: z.strictObject(analyticsRangeQuery),
    answers: { 200: employerFunnelSchema },
  }),
} as const satisfies Record<string, ReturnType<typeof operation>>;
