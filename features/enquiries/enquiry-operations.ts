// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import { enquiryReceiptSchema, enquirySchema } from "@/features/enquiries/schemas";
import { operation } from "@/lib/api/operation";

/**
 * Enquiries about recruitment services: public (moderators answer them in moderation-
 * operations.ts). Spread into `operations` (lib/api-registry/operations.ts).
 */
export const enquiryOperations = {
  sendEnquiry: operation({
    method: "POST",
    path: "/api/enquiries",
    summary: "Enquire about recruitment services",
    access: "public",
    body: enquirySchema,
    answers: { 201: enquiryReceiptSchema },
  }),
} as const satisfies Record<string, ReturnType<typeof operation>>;
