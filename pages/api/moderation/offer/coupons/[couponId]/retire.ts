import { operations } from "@/lib/api-registry/operations";
import { moderatorActor } from "@/lib/server/audit/moderator-actor";
import { retireCoupon } from "@/features/billing/server/coupons";
import { apiRoute, handle } from "@/lib/server/http/api-route";

/** POST, moderators only: retire a coupon code for good (issue 63). */
export default apiRoute(
  handle(operations.retireCoupon, async ({ db, moderator, params }) =>
    retireCoupon(db, await moderatorActor(db, moderator), params.couponId),
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
