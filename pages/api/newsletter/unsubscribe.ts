import { operations } from "@/lib/api-registry/operations";
import { unsubscribeWithToken } from "@/features/newsletter/server/subscribers";
import { gone, malformed, notFound } from "@/lib/server/errors";
import { apiRoute, handle, SeeOther } from "@/lib/server/http/api-route";

const pageFor = (token: string, done: boolean) =>
  `/newsletter/unsubscribe?token=${encodeURIComponent(token)}${done ? "&done=1" : ""}`;

const REFUSALS = {
  invalid: () =>
    malformed("This unsubscribe link is not valid: it may have been cut short or changed"),
  expired: () => gone("This unsubscribe link has expired: links in the newsletter work for a year"),
  deleted: () => notFound("The subscription this link was for is gone"),
};

/**
 * POST ?token=: stops the newsletter for whom the token is for. Mail clients' one-click
 * unsubscribe (RFC 8058) posts here from their own servers, with no cookie, no Origin and no
 * page: nothing but the token is asked for. The unsubscribe page's button posts here too.
 */
export default apiRoute(
  handle(
    operations.unsubscribeFromNewsletter,
    async ({ db, req, query }) => {
      const outcome = await unsubscribeWithToken(db, query.token, new Date());
      if (/\btext\/html\b/i.test(req.headers.accept ?? "")) {
        return new SeeOther(pageFor(query.token, outcome.state === "valid"));
      }
      if (outcome.state !== "valid") throw REFUSALS[outcome.state]();
      return { unsubscribed: true as const };
    },
    { bodyLimit: 4 * 1024 },
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
