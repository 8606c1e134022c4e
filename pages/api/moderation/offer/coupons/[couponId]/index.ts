import { operations } from "@/lib/api-registry/operations";
import { moderatorActor } from "@/lib/server/audit/moderator-actor";
import { updateCoupon } from "@/features/billing/server/coupons";
import { apiRoute, handle } from "@/lib/server/http/api-route";

/** PUT, moderators only: change a coupon code (issue 63). */
export default apiRoute(
  handle(operations.updateCoupon, async ({ db, moderator, params, body }) =>
    updateCoupon(db, await moderatorActor(db, moderator), params.couponId, body),
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
