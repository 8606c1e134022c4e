import { operations } from "@/lib/api-registry/operations";
import { apiRoute, handle } from "@/lib/server/http/api-route";
import { reviewQueue } from "@/features/moderation/server/review-queue";

/** GET, moderators only: the listings waiting for review, and those waiting for payment. */
export default apiRoute(handle(operations.getReviewQueue, ({ db }) => reviewQueue(db)));

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
