import { operations } from "@/lib/api-registry/operations";
import { couponQuote } from "@/features/billing/server/coupons";
import { apiRoute, handle } from "@/lib/server/http/api-route";
import type { RateLimit } from "@/lib/server/http/rate-limit";

/** Codes are not to be guessed by asking: a few tries a person. */
const COUPON_QUOTE_RATE_LIMIT: RateLimit = {
  name: "coupon-quotes",
  points: 30,
  seconds: 15 * 60,
  message: "Too many coupon codes tried from your account.",
};

/** POST: what a coupon code takes off a plan's listing or a pack (nothing is redeemed). */
export default apiRoute(
  handle(
    operations.quoteCoupon,
    ({ db, member, body }) => couponQuote(db, member?.companyId ?? null, body.code, body.product),
    { limit: COUPON_QUOTE_RATE_LIMIT },
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
