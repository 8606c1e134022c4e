// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import { alertsUnsubscribedSchema, unsubscribeQuerySchema } from "@/features/alerts/schemas";
import { operation } from "@/lib/api/operation";

/**
 * Job alerts' unsubscribe links: public, the link's token is the key. Spread into `operations`
 * (lib/api-registry/operations.ts).
 */
export const alertOperations = {
  unsubscribeFromAlerts: operation({
    method: "POST",
    path: "/api/alerts/unsubscribe",
    summary: "Turn job alerts off with the token of an alert's unsubscribe link; no sign-in",
    description:
      "RFC 8058 one-click: mail clients POST `List-Unsubscribe=One-Click`, form-encoded; the body is not read. A browser's form post (Accept: text/html) is answered 303 See Other to /unsubscribe?token=…&done=1, or to /unsubscribe?token=… when the token is refused. 400 for a token that is not ours or is over 60 days old, 404 when its account was deleted; neither changes anything.",
    access: "public",
    query: unsubscribeQuerySchema,
    rawBody: { contentType: "application/x-www-form-urlencoded" },
    answers: { 200: alertsUnsubscribedSchema },
    errors: [400, 404],
  }),
} as const satisfies Record<string, ReturnType<typeof operation>>;
