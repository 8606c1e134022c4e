import { operations } from "@/lib/api-registry/operations";
import { apiRoute, handle } from "@/lib/server/http/api-route";
import {
  receiveStripeEvent,
  STRIPE_EVENT_BODY_LIMIT,
} from "@/features/listings/server/payment-api";

/**
 * POST from Stripe: the signature over the exact bytes is checked before anything is read,
 * and each event acts once. A paid checkout sends its listing to review, or renews it.
 */
export default apiRoute(
  handle(
    operations.receiveStripeEvent,
    ({ db, req, rawBody }) => receiveStripeEvent(db, rawBody, req.headers["stripe-signature"]),
    { bodyLimit: STRIPE_EVENT_BODY_LIMIT },
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
