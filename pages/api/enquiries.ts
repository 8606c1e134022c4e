import { operations } from "@/lib/api-registry/operations";
import { apiRoute, handle, Reply } from "@/lib/server/http/api-route";
import { ENQUIRY_RATE_LIMIT, receiveEnquiry } from "@/features/enquiries/server/enquiry-api";

/**
 * A recruitment-services enquiry: 201 with its reference, which the page shows with the address
 * the team will reply to; the team's inbox gets it (see receiveEnquiry). Only valid ones count
 * to the limit.
 */
export default apiRoute(
  handle(
    operations.sendEnquiry,
    async ({ db, body }) => new Reply(201, await receiveEnquiry(db, body)),
    { limit: ENQUIRY_RATE_LIMIT },
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
