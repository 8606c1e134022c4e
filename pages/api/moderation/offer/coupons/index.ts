import { operations } from "@/lib/api-registry/operations";
import { moderatorActor } from "@/lib/server/audit/moderator-actor";
import { addCoupon, listCoupons } from "@/features/billing/server/coupons";
import { apiRoute, handle, Reply } from "@/lib/server/http/api-route";

/** GET, moderators only: every coupon code. POST: a new one (issue 63). */
export default apiRoute(
  handle(operations.listCoupons, ({ db }) => listCoupons(db)),
  handle(operations.createCoupon, async ({ db, moderator, body }) => {
    return new Reply(201, await addCoupon(db, await moderatorActor(db, moderator), body));
  }),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
