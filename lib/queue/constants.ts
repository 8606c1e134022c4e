/*
 * The job queue's names (pg-boss queues, lib/server/queue/queue.ts) and their labels in words:
 * plain values, safe in the browser.
 */

export const QUEUES = {
  /** One message each (lib/server/mail/messages.ts), sent by the mail worker. */
  mail: "mail",
  /** Periodic upkeep (lib/server/worker/tasks.ts): one job per due run. */
  expireJobs: "expire-jobs",
  listingEnding: "listing-ending",
  listingCountries: "listing-countries",
  closeApplications: "close-applications",
  applicantDigest: "applicant-digest",
  purgeApplications: "purge-applications",
  cleanCheckouts: "clean-checkouts",
  /** One reminder of each held draft a day after its checkout opened (features/listings/server). */
  draftReminders: "draft-reminders",
  forgetStatsVisitors: "forget-stats-visitors",
  /** The analytics funnel's daily roll-up of each finished day (features/analytics/server). */
  funnelDaily: "funnel-daily",
  jobAlerts: "job-alerts",
  analyze: "analyze",
  searchTerms: "search-terms",
  /**
   * The candidate directory's vocabulary refilled soon after a profile's words changed
   * (features/directory/server/vocabulary.ts): debounced, queued by the change.
   */
  profileTerms: "profile-terms",
  salaryFigures: "salary-figures",
  billingReminders: "billing-reminders",
  /** Invoices and credit notes not mailed yet, mailed to their companies (issue 61). */
  invoiceMails: "invoice-mails",
  /** Subscriptions on invoice whose period ended: the next period invoiced, or ended (issue 63). */
  subscriptionPeriods: "subscription-periods",
  /** Stripe refunds of credit notes not sent yet (a failed call is tried again). */
  stripeRefunds: "stripe-refunds",
  /** Queues a run of each import source that is due (features/imports/server). */
  atsSources: "ats-sources",
  /** One run of one import source: its ATS board read and its listings brought in step. */
  atsSync: "ats-sync",
  /** Scheduled blog posts whose time has come, published (features/content/server/post-editor.ts). */
  publishPosts: "publish-posts",
  /** One notice to one search engine of a job page's change each (features/feeds/server). */
  searchEngines: "search-engines",
  /**
   * The weekly newsletter (features/newsletter/server/send.ts): the coming issue made, a due
   * one started, and its mail queued in batches, resumed where a crashed run stopped.
   */
  newsletter: "newsletter",
  /** Listings to post on the board's social channels, and posts of ended ones (features/social). */
  socialSweep: "social-sweep",
  /** One post on one social channel, or its deletion when its listing ended. */
  socialPost: "social-post",
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/**
 * What each queue does, in words: the only way a queue's name is shown to people (the
 * moderators' "Mail and scheduled work", /review). Typed by every queue, so a new queue cannot
 * be shown by its raw name.
 */
export const QUEUE_LABELS: Record<QueueName, string> = {
  mail: "Mail",
  "expire-jobs": "Expiring jobs",
  "job-alerts": "Job alerts",
  "listing-ending": "Ending-soon notices",
  "listing-countries": "Remote-countries requests",
  "close-applications": "Closing applications of ended listings",
  "applicant-digest": "Daily applicant digests",
  "purge-applications": "Deleting old applications' CVs and answers, and old profile views",
  "clean-checkouts": "Abandoned checkouts",
  "draft-reminders": "Reminders of unpaid drafts",
  "forget-stats-visitors": "Listing statistics upkeep",
  "funnel-daily": "Analytics funnel's daily figures",
  analyze: "Database statistics",
  "search-terms": "Search suggestions (“did you mean”)",
  "profile-terms": "Candidate search suggestions",
  "salary-figures": "Salary figures",
  "search-engines": "Search engine notices",
  "billing-reminders": "Invoice reminders and expiring credits",
  "invoice-mails": "Invoices and credit notes to mail",
  "stripe-refunds": "Refunds to send to Stripe",
  "subscription-periods": "Subscriptions' periods to invoice",
  "ats-sources": "Finding import sources due a run",
  "ats-sync": "Imports from applicant tracking systems",
  "publish-posts": "Publishing scheduled blog posts",
  newsletter: "The weekly newsletter",
  "social-sweep": "Finding listings to post on social channels",
  "social-post": "Posts on social channels",
};

/** A queue's name in words; a name no queue has (one removed since its jobs were queued) as it is. */
export const queueLabel = (name: string): string =>
  Object.hasOwn(QUEUE_LABELS, name) ? QUEUE_LABELS[name as QueueName] : name;
