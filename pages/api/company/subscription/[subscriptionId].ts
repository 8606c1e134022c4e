import { operations } from "@/lib/api-registry/operations";
import { cancelSubscription } from "@/features/billing/server/subscriptions";
import { cancelAtStripe } from "@/features/billing/server/subscription-stripe";
import { apiRoute, handle } from "@/lib/server/http/api-route";

/** DELETE: cancel the company's subscription at its period's end (another company's: 404). */
export default apiRoute(
  handle(operations.cancelSubscription, ({ db, user, member, params }) =>
    cancelSubscription(db, { user, member }, cancelAtStripe, new Date(), params.subscriptionId),
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
