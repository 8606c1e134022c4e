// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import { operation } from "@/lib/api/operation";
import {
  confirmAnswerSchema,
  editorIssueSchema,
  editorIssuesSchema,
  issueParams,
  issueUpdateSchema,
  newsletterTokenQuerySchema,
  newsletterUnsubscribedSchema,
  subscribeAnswerSchema,
} from "./schemas";

/*
 * The newsletter's API (issue 66). Public: subscribing, and the links of its mail (their
 * tokens are the keys). Each takes a browser's plain form post too (the pages work without
 * scripts): Accept: text/html is answered 303 See Other to the page that tells what happened.
 * Spread into `operations` (lib/api-registry/operations.ts).
 */
export const newsletterOperations = {
  subscribeToNewsletter: operation({
    method: "POST",
    path: "/api/newsletter/subscribers",
    summary: "Subscribe an address to the weekly newsletter: a confirmation link is mailed to it",
    description:
      "Body, as JSON or form-encoded: `email`, and optionally `departments` and `regions` (slugs; none: all). 422 with field errors for a bad address or an unknown slug. The answer is the same whether the address is new, waiting or subscribed already, and an address is mailed at most one confirmation an hour (five before it confirms). A form post (Accept: text/html) is answered 303 to /newsletter?subscribed=1, or /newsletter?error=email (or departments, regions).",
    access: "public",
    rawBody: { contentType: "application/json" },
    answers: { 200: subscribeAnswerSchema },
  }),
  confirmNewsletterSubscription: operation({
    method: "POST",
    path: "/api/newsletter/confirm",
    summary: "Confirm a subscription with the token of its confirmation link; once",
    description:
      "The link's page asks first (a link scanner must not subscribe anyone). 400 for a token that is not ours or was used, 410 for one mailed over 7 days ago. A form post (Accept: text/html) is answered 303 to /newsletter/confirm?token=…&done=1, or to the page without done when refused.",
    access: "public",
    query: newsletterTokenQuerySchema,
    rawBody: { contentType: "application/x-www-form-urlencoded" },
    answers: { 200: confirmAnswerSchema },
    errors: [400, 410],
  }),
  unsubscribeFromNewsletter: operation({
    method: "POST",
    path: "/api/newsletter/unsubscribe",
    summary: "Stop the newsletter with the token of an issue's unsubscribe link; no sign-in",
    description:
      "RFC 8058 one-click: mail clients POST `List-Unsubscribe=One-Click`, form-encoded; the body is not read. A browser's form post (Accept: text/html) is answered 303 to /newsletter/unsubscribe?token=…&done=1. 400 for a token that is not ours, 410 for one over a year old, 404 when the subscriber is gone.",
    access: "public",
    query: newsletterTokenQuerySchema,
    rawBody: { contentType: "application/x-www-form-urlencoded" },
    answers: { 200: newsletterUnsubscribedSchema },
    errors: [400, 404, 410],
  }),
} as const satisfies Record<string, ReturnType<typeof operation>>;

/**
 * The editors' side: the issues, the coming one's subject, introduction and order. Moderator
 * operations in the area "content" (editors and owners); spread into moderationOperations.
 */
export const newsletterEditorOperations = {
  listNewsletterIssues: operation({
    method: "GET",
    path: "/api/moderation/newsletter",
    summary: "Every issue of the newsletter, the coming one first (made if missing)",
    access: "moderator",
    board: { area: "content" },
    answers: { 200: editorIssuesSchema },
  }),
  getNewsletterIssue: operation({
    method: "GET",
    path: "/api/moderation/newsletter/{issueId}",
    summary:
      "One issue with its listings in order, Sponsored first; a coming one as the board is now",
    access: "moderator",
    board: { area: "content" },
    params: issueParams,
    answers: { 200: editorIssueSchema },
    errors: [404],
  }),
  updateNewsletterIssue: operation({
    method: "PATCH",
    path: "/api/moderation/newsletter/{issueId}",
    summary: "Change a coming issue: its subject, its introduction (Markdown), its listings' order",
    description:
      "`order`: listing ids in the order wanted (the rest follow as they were; Sponsored listings stay first); 422 on order for an id not in the issue. 409 once the issue is sending or sent.",
    access: "moderator",
    board: { area: "content" },
    params: issueParams,
    body: issueUpdateSchema,
    answers: { 200: editorIssueSchema },
    errors: [404, 409],
  }),
} as const satisfies Record<string, ReturnType<typeof operation>>;
