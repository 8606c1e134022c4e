import { operations } from "@/lib/api-registry/operations";
import { confirmSubscription } from "@/features/newsletter/server/subscribers";
import { gone, malformed } from "@/lib/server/errors";
import { apiRoute, handle, SeeOther } from "@/lib/server/http/api-route";

const pageFor = (token: string, done: boolean) =>
  `/newsletter/confirm?token=${encodeURIComponent(token)}${done ? "&done=1" : ""}`;

/** POST ?token=: confirms a subscription (the confirmation page's button, or a script). */
export default apiRoute(
  handle(
    operations.confirmNewsletterSubscription,
    async ({ db, req, query }) => {
      const outcome = await confirmSubscription(db, query.token, new Date());
      const done = outcome.state === "valid" || outcome.state === "confirmed";
      if (/\btext\/html\b/i.test(req.headers.accept ?? "")) {
        return new SeeOther(pageFor(query.token, done));
      }
      if (outcome.state === "expired") {
        throw gone("This confirmation link has expired: links work for 7 days. Subscribe again.");
      }
      if (!done) throw malformed("This confirmation link is not valid, or was used already");
      return { confirmed: true as const };
    },
    { bodyLimit: 4 * 1024 },
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
