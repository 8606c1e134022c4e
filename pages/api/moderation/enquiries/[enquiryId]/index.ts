import { operations } from "@/lib/api-registry/operations";
import { apiRoute, handle } from "@/lib/server/http/api-route";
import { changeEnquiryStatus } from "@/features/enquiries/server/enquiry-api";

/** PATCH, moderators only: `{ status }` closes an enquiry or opens it again. */
export default apiRoute(
  handle(operations.updateEnquiry, ({ db, moderator, params, body }) =>
    changeEnquiryStatus(db, moderator, params.enquiryId, body.status),
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
