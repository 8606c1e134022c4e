import { operations } from "@/lib/api-registry/operations";
import { unsubscribeWithToken } from "@/features/alerts/server/unsubscribe";
import { malformed, notFound } from "@/lib/server/errors";
import { apiRoute, handle, SeeOther } from "@/lib/server/http/api-route";

/** The confirmation page for `token`; `done` once the alerts are off. */
const pageFor = (token: string, done: boolean) =>
  `/unsubscribe?token=${encodeURIComponent(token)}${done ? "&done=1" : ""}`;

const REFUSALS = {
  invalid: () =>
    malformed("This unsubscribe link is not valid: it may have been cut short or changed"),
  expired: () => malformed("This unsubscribe link has expired: links in alerts work for 60 days"),
  deleted: () => notFound("The account this unsubscribe link was for has been deleted"),
};

/**
 * POST ?token=: turns off the alerts of the person the token is for, signed in or not. Mail
 * clients' one-click unsubscribe (RFC 8058) posts here from their own servers, with no cookies
 * and no Origin, so nothing but the token is asked for; and no limit of its own beyond the
 * address cap, since many people's one-click posts come from one mail provider's addresses
 * (a token cannot be guessed: it is signed). The page's button posts here as a plain form, and
 * a browser is sent back to the page.
 */
export default apiRoute(
  handle(
    operations.unsubscribeFromAlerts,
    async ({ db, req, query }) => {
      const outcome = await unsubscribeWithToken(db, query.token, new Date());
      const done = outcome.state === "valid";
      if (/\btext\/html\b/i.test(req.headers.accept ?? "")) {
        // The page explains a refused link as well as it confirms a done one.
        return new SeeOther(pageFor(query.token, done));
      }
      if (outcome.state !== "valid") throw REFUSALS[outcome.state]();
      return { unsubscribed: true as const, alert_frequency: "never" as const };
    },
    // The one-click body is `List-Unsubscribe=One-Click`; nothing near this size.
    { bodyLimit: 4 * 1024 },
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
