import { operations } from "@/lib/api-registry/operations";
import {
  readSubscription,
  SUBSCRIBE_RATE_LIMIT,
  takeSubscription,
} from "@/features/newsletter/server/subscribe-request";
import { InvalidInput } from "@/lib/server/errors";
import { apiRoute, handle, SeeOther } from "@/lib/server/http/api-route";

/**
 * POST: a subscription to the newsletter (issue 66), from scripts (JSON) or from the /newsletter
 * page's plain form, whose browser is sent back to the page with what happened.
 */
export default apiRoute(
  handle(
    operations.subscribeToNewsletter,
    async ({ db, req, rawBody }) => {
      const html = /\btext\/html\b/i.test(req.headers.accept ?? "");
      let input;
      try {
        input = readSubscription(rawBody, req.headers["content-type"]);
      } catch (error) {
        if (!html || !(error instanceof InvalidInput)) throw error;
        const field = ["email", "departments", "regions"].find((name) => name in error.errors);
        return new SeeOther(`/newsletter?error=${field ?? "email"}#subscribe`);
      }
      await takeSubscription(db, input, new Date());
      if (html) return new SeeOther("/newsletter?subscribed=1#subscribe");
      return { status: "check_your_mail" as const };
    },
    { limit: SUBSCRIBE_RATE_LIMIT, bodyLimit: 8 * 1024 },
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
