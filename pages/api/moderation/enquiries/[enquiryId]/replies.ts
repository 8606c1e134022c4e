import { operations } from "@/lib/api-registry/operations";
import { apiRoute, handle, Reply } from "@/lib/server/http/api-route";
import { replyAndTell } from "@/features/enquiries/server/enquiry-api";

/**
 * POST, moderators only: `{ body }` answers an enquiry. The reply is stored and mailed to the
 * enquiry's sender in one transaction, and the enquiry is marked replied.
 */
export default apiRoute(
  handle(
    operations.replyToEnquiry,
    async ({ db, moderator, params, body }) =>
      new Reply(201, await replyAndTell(db, moderator, params.enquiryId, body.body)),
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
