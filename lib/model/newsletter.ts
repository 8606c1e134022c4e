/*
 * What the newsletter's tables may hold (issue 66): a subscriber's states and an issue's.
 * Plain values, safe in the browser; features/newsletter names and labels them.
 */

/**
 * pending: signed up, not confirmed yet (gets nothing but the confirmation mail); confirmed: gets
 * every issue; unsubscribed: said stop; bounced: a hard bounce came back; complained: the
 * recipient's provider reported the mail as spam. Only confirmed subscribers are mailed.
 */
export const SUBSCRIBER_STATUSES = [
  "pending",
  "confirmed",
  "unsubscribed",
  "bounced",
  "complained",
] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

/**
 * scheduled: built, goes at its hour (an editor may change its intro and order meanwhile);
 * sending: its listings frozen, its mail going out in batches; sent: everyone had it.
 */
export const ISSUE_STATUSES = ["scheduled", "sending", "sent"] as const;
export type IssueStatus = (typeof ISSUE_STATUSES)[number];
