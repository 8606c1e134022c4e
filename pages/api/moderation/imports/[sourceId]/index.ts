import { operations } from "@/lib/api-registry/operations";
import { apiRoute, handle } from "@/lib/server/http/api-route";
import {
  moderatorSourceReview,
  setSourceStatusAsModerator,
} from "@/features/moderation/server/import-sources";

/**
 * Moderators only. GET: a source with its listings waiting in review, as they would read;
 * PATCH: pause a source with a reason, or resume it.
 */
export default apiRoute(
  handle(operations.reviewImport, ({ db, params }) => moderatorSourceReview(db, params.sourceId)),
  handle(operations.setImportStatus, ({ db, moderator, params, body }) =>
    setSourceStatusAsModerator(db, moderator, params.sourceId, body),
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
