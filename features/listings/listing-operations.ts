// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import { z } from "zod";
import { idSegment } from "@/lib/validation/fields";
import {
  listingActionResultSchema,
  listingEditBodySchema,
  listingEditResultSchema,
  ownListingDetailSchema,
  renewalResultSchema,
} from "@/features/listings/edit-schemas";
import { renewalInputSchema, upgradeInputSchema } from "@/features/billing/api-schemas";
import { operation } from "@/lib/api/operation";

const listingParams = z.strictObject({ listingId: idSegment("Listing") });

/** Employers running their listings, and moderators reviewing their edits. */
export const listingOperations = {
  getOwnListing: operation({
    method: "GET",
    path: "/api/listings/{listingId}",
    summary: "One of the caller's listings, with the fields its edit form starts from",
    access: "employer",
    employer: { role: "viewer" },
    params: listingParams,
    answers: { 200: ownListingDetailSchema },
  }),
  editListing: operation({
    method: "PATCH",
    path: "/api/listings/{listingId}",
    summary: "Edit one of the caller's listings: all its job fields",
    description:
      "A listing not yet published changes at once (one not approved goes back to review). On a published listing, pay and typo-sized fixes show at once; any other change waits for a moderator while the approved version stays live (outcome in_review). 409 once it is filled, withdrawn or taken down.",
    access: "employer",
    employer: { role: "recruiter" },
    params: listingParams,
    body: listingEditBodySchema,
    answers: { 200: listingEditResultSchema },
    errors: [409],
  }),
  fillListing: operation({
    method: "POST",
    path: "/api/listings/{listingId}/fill",
    summary: "Mark a published listing filled: it leaves the board at once",
    access: "employer",
    employer: { role: "recruiter" },
    params: listingParams,
    answers: { 200: listingActionResultSchema },
    errors: [409],
  }),
  withdrawListing: operation({
    method: "POST",
    path: "/api/listings/{listingId}/withdraw",
    summary: "Withdraw a listing in review, waiting for payment, or live: it leaves the board",
    access: "employer",
    employer: { role: "recruiter" },
    params: listingParams,
    answers: { 200: listingActionResultSchema },
    errors: [409],
  }),
  renewListing: operation({
    method: "POST",
    path: "/api/listings/{listingId}/renew",
    summary: "Renew a listing on its plan, in its last days or after its end",
    description:
      "The free plan renews at once; a paid plan renews at once with `use_credit` (a credit of its plan), or answers a Stripe Checkout URL (renewed once paid), or renews at once with an invoice due (no Stripe, or a company on terms).",
    access: "employer",
    employer: { role: "recruiter" },
    params: listingParams,
    body: renewalInputSchema.optional(),
    answers: { 200: renewalResultSchema },
    errors: [409],
  }),
  upgradeListing: operation({
    method: "POST",
    path: "/api/listings/{listingId}/upgrade",
    summary: "Make a live Standard listing Sponsored or Featured for the rest of its time",
    description:
      "With `use_credit`, a credit of that plan pays and it is upgraded at once; else the difference in price is paid through Stripe Checkout (upgraded once paid) or on an invoice (upgraded at once within the company's credit limit, else once the invoice is paid). 409 when it is not live or not Standard, no credit is left or usable, another upgrade waits for payment, or an invoice is overdue.",
    access: "employer",
    employer: { role: "recruiter" },
    params: listingParams,
    body: upgradeInputSchema,
    answers: { 200: renewalResultSchema },
    errors: [409],
  }),
} as const;
