import { operations } from "@/lib/api-registry/operations";
import { apiRoute, handle } from "@/lib/server/http/api-route";
import { LISTING_EVENT_LIMIT, recordListingEvent } from "@/features/listings/server/listing-stats";

/** POST: a job page's view or apply click, for its employer's statistics (features/listings/server). */
export default apiRoute(
  handle(
    operations.recordListingEvent,
    async ({ db, req, address, params, body }) => ({
      counted: await recordListingEvent(db, {
        jobId: params.jobId,
        event: body.event,
        address,
        userAgent: req.headers["user-agent"],
      }),
    }),
    { limit: LISTING_EVENT_LIMIT, bodyLimit: 1024 },
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
