import { operations } from "@/lib/api/operations";
import { apiRoute, handle } from "@/lib/server/http/api-route";
import { moderatorActor } from "@/lib/server/audit/moderator-actor";
import { setEnquiryStatus } from "@/lib/server/moderation/enquiries";

/** PATCH, moderators only: `{ status }` closes an enquiry or opens it again. */
export default apiRoute(
  handle(operations.updateEnquiry, ({ db, moderator, params, body }) =>
    db.transaction(async (tx) =>
      setEnquiryStatus(tx, params.enquiryId, body.status, await moderatorActor(tx, moderator)),
    ),
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
