// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import { z } from "zod";
import { idSegment } from "@/lib/validation/fields";
import { MAX_SAVED_SEARCHES } from "@/features/saved-searches/constants";
import {
  savedSearchAnswerSchema,
  savedSearchInputSchema,
  savedSearchListSchema,
  savedSearchUpdateSchema,
} from "@/features/saved-searches/schemas";
import { operation } from "@/lib/api/operation";

const savedSearchParams = z.strictObject({ savedSearchId: idSegment("Saved search") });

/**
 * The candidate's saved searches (issue 29) and how often each one's new matches are mailed.
 * Spread into `operations` (lib/api-registry/operations.ts).
 */
export const savedSearchOperations = {
  listSavedSearches: operation({
    method: "GET",
    path: "/api/saved_searches",
    summary: "The candidate's saved searches, newest first",
    access: "user",
    answers: { 200: savedSearchListSchema },
  }),
  saveSearch: operation({
    method: "POST",
    path: "/api/saved_searches",
    summary:
      "Save a search of the board (its words and filters) with how often to mail new matches",
    description: `The filters are the job list's (GET /api/jobs), without the paging; at least one is needed. 201 when new; saving a search the candidate keeps already (the same filters, the words in any case) changes its frequency and answers 200. A ${MAX_SAVED_SEARCHES + 1}st search is refused with 422 on body.`,
    access: "user",
    body: savedSearchInputSchema,
    answers: { 200: savedSearchAnswerSchema, 201: savedSearchAnswerSchema },
  }),
  updateSavedSearch: operation({
    method: "PATCH",
    path: "/api/saved_searches/{savedSearchId}",
    summary: "Change how often a saved search's new matches are mailed",
    access: "user",
    params: savedSearchParams,
    body: savedSearchUpdateSchema,
    answers: { 200: savedSearchAnswerSchema },
    errors: [404],
  }),
  deleteSavedSearch: operation({
    method: "DELETE",
    path: "/api/saved_searches/{savedSearchId}",
    summary: "Delete a saved search",
    access: "user",
    params: savedSearchParams,
    answers: { 200: z.strictObject({ id: z.int().positive(), deleted: z.literal(true) }) },
    errors: [404],
  }),
} as const satisfies Record<string, ReturnType<typeof operation>>;
