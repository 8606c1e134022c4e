import { operations } from "@/lib/api-registry/operations";
import { routes } from "@/lib/routes";
import { SITE_URL } from "@/lib/site";
import {
  changeSubscription,
  readCompanySubscription,
  startSubscription,
} from "@/features/billing/server/subscriptions";
import {
  changeAtStripe,
  subscriptionCheckout,
} from "@/features/billing/server/subscription-stripe";
import { apiRoute, handle } from "@/lib/server/http/api-route";
import { CHECKOUT_RATE_LIMIT } from "@/features/listings/server/submit-api";

/**
 * GET: the company's subscription and the plans on sale. POST: subscribe, by card (a Checkout
 * URL) or on invoice (the first period's invoice and credits at once). PUT: change its plan.
 */
export default apiRoute(
  handle(operations.getSubscription, ({ db, member }) =>
    readCompanySubscription(db, member?.companyId ?? null),
  ),
  handle(
    operations.startSubscription,
    ({ db, user, member, body }) =>
      startSubscription(
        db,
        { user, member },
        body.plan,
        (plan, couponCode) =>
          subscriptionCheckout(
            db,
            { user, member },
            plan,
            `${SITE_URL}${routes.billing}`,
            couponCode,
          ),
        new Date(),
        body.coupon_code,
      ),
    { limit: CHECKOUT_RATE_LIMIT },
  ),
  handle(
    operations.changeSubscription,
    ({ db, user, member, body }) =>
      changeSubscription(db, { user, member }, body.plan, (row, plan, upgrade) =>
        changeAtStripe(db, row, plan, upgrade),
      ),
    { limit: CHECKOUT_RATE_LIMIT },
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
