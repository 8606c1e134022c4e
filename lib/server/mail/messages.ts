import type { AssignableRole, CompanyRole } from "@/lib/auth/company-roles";
import type { PaidPlanId } from "@/features/billing/pricing";
import type { SearchFilters } from "@/features/saved-searches/search";

/*
 * Every message the board sends, as data: a template's name, its recipient and its props. A
 * message is queued as this JSON (lib/server/queue) and rendered only when the mail worker sends
 * it, so props hold plain values (dates as ISO strings) and no links: the templates build
 * absolute links from NEXT_PUBLIC_SITE_URL.
 */

/** One job in an alert digest. */
export type AlertJob = {
  id: number;
  slug: string;
  title: string;
  companyName: string;
  location: string;
  /** A job type slug (lib/taxonomy): "full-time", ... */
  type: string;
  /** Pay as the board shows it ("$60,000 – $80,000"), or null when not disclosed. */
  salary: string | null;
  publishedAt: string;
};

/** One saved search's part of a saved-search alert: its new jobs, and how many more there are. */
export type SearchAlertSection = {
  /** The search, as the job lists name their filters; its label and link are made from them. */
  filters: SearchFilters;
  frequency: "daily" | "weekly";
  jobs: AlertJob[];
  /** New matches left out of the section (it names at most a few). */
  moreCount: number;
};

/** An applicant as mail to the employer names them: who they are, nothing they sent. */
export type ApplicantLine = { name: string; headline: string | null };

export type MailTemplates = {
  /** A candidate's daily or weekly digest of new jobs that match their preferences. */
  "job-alert": {
    recipientName: string | null;
    frequency: "daily" | "weekly";
    jobs: AlertJob[];
    /** Matching new jobs left out of this digest (it lists at most a screenful). */
    moreCount: number;
    /** Signed: the one-click unsubscribe link and List-Unsubscribe header carry it. */
    unsubscribeToken: string;
  };
  /**
   * A candidate's new matches for their saved searches that were due, one section each (issue
   * 29); the same footer and one-click unsubscribe as the job alert.
   */
  "saved-search-alert": {
    recipientName: string | null;
    searches: SearchAlertSection[];
    /** Signed: the one-click unsubscribe link and List-Unsubscribe header carry it. */
    unsubscribeToken: string;
  };
  /** To the employer: their submitted listing is waiting for review (or for payment). */
  "listing-received": {
    jobId: number;
    title: string;
    companyName: string;
    awaitingPayment: boolean;
  };
  /** To the employer: their listing is live, with its link. */
  "listing-approved": {
    jobId: number;
    slug: string;
    title: string;
    companyName: string;
    expiresAt: string;
  };
  /** To the employer: their listing was rejected, and the moderator's reason. */
  "listing-rejected": { jobId: number; title: string; companyName: string; reason: string };
  /** To the employer: a moderator took their live listing down, and why. */
  "listing-taken-down": { jobId: number; title: string; companyName: string; reason: string };
  /** To the employer: their listing ends in 3 days; a way to renew it. */
  "listing-ending": {
    jobId: number;
    slug: string;
    title: string;
    companyName: string;
    expiresAt: string;
  };
  /**
   * To the employer: their live remote job names no country applicants may live in, so Google's
   * job search leaves it out; a link to name them. Sent once per listing.
   */
  "listing-countries": { jobId: number; slug: string; title: string; companyName: string };
  /** To the candidate: their application on the board reached the employer. */
  "application-received": { jobId: number; slug: string; title: string; companyName: string };
  /** To the candidate: their application moved to a stage they hear of, with the employer's words. */
  "application-stage": {
    jobId: number;
    slug: string;
    title: string;
    companyName: string;
    stage: "interview" | "offer" | "not_selected";
    message: string | null;
    /** The application, for the link to its conversation (absent in mail queued before it). */
    applicationId?: number;
    /** Where an answer by mail goes (features/applications/server/reply-address.ts); null: none. */
    replyTo?: string | null;
  };
  /**
   * To the candidate: the employer wrote to them on their application (issue 42). The message,
   * a link to the conversation, and a Reply-To that brings an answer back to it.
   */
  "application-message": {
    applicationId: number;
    jobId: number;
    slug: string;
    title: string;
    companyName: string;
    /** The team member who wrote it, by name, when they have one (issue 61); never an address. */
    writerName?: string | null;
    body: string;
    replyTo: string | null;
  };
  /** To the employer: the candidate wrote to them on their application (issue 42). */
  "applicant-message": {
    applicationId: number;
    jobId: number;
    title: string;
    companyName: string;
    candidateName: string;
    body: string;
    replyTo: string | null;
  };
  /** To the candidate: the listing left the board before their application was decided. */
  "application-closed": {
    jobId: number;
    slug: string;
    title: string;
    companyName: string;
    /** A CloseReason (features/applications/constants.ts). */
    reason: "filled" | "withdrawn" | "removed" | "expired";
  };
  /**
   * To the employer, when their listing mails each applicant at once: someone applied. Their
   * name and headline only; the CV, answers and cover note stay behind the pipeline's sign-in.
   */
  "new-applicant": {
    jobId: number;
    title: string;
    companyName: string;
    applicant: ApplicantLine;
  };
  /** To the employer, once a day when their listing mails a digest: who applied since the last. */
  "applicant-digest": {
    jobId: number;
    title: string;
    companyName: string;
    /** The first few, oldest first. */
    applicants: ApplicantLine[];
    /** New applicants left out of the list (it names at most a screenful). */
    moreCount: number;
  };
  /** To the employer: their payment for a listing was received. */
  "payment-received": {
    jobId: number;
    title: string;
    companyName: string;
    /** The plan's name as /pricing shows it. */
    planName: string;
    amountCents: number;
    /** ISO 4217, lower or upper case. */
    currency: string;
    /**
     * What happens to the listing next, as it stands when paid: it waits for review, it is live
     * already, or neither (ended, filled). Absent in mail queued before issue 61: "review".
     */
    next?: "review" | "live" | "none";
  };
  /**
   * To a company's billing contacts (its billing address, else its owner and admins): an
   * invoice or credit note just issued, its PDF attached by the mail worker (issue 61). An
   * invoice due by transfer says where to pay and what to quote. Queued once per document
   * (features/billing/server/invoice-mails.ts).
   */
  "invoice-issued": {
    invoiceId: number;
    kind: "invoice" | "credit_note";
    number: string;
    companyName: string;
    /** The document's first line, what it is for. */
    description: string;
    totalMinor: number;
    /** ISO 4217, lower or upper case. */
    currency: string;
    /** Set for an invoice due by transfer. */
    dueAt: string | null;
    paidAt: string | null;
    paymentMethod: "stripe" | "transfer";
    /** The seller's bank account, one line per entry; empty when none is set. */
    bank: string[];
    /** A credit note's invoice. */
    creditsInvoice: string | null;
    /** Why they get it: the company's billing address, or its owner or an admin. */
    recipient: "billing-address" | "admin";
  };
  /**
   * To a company's owner and admins: an invoice to pay by transfer is due in a week or less
   * ("soon"), or today. Each is sent once per invoice (features/billing/server/reminders.ts).
   */
  "invoice-reminder": {
    invoiceNumber: string;
    companyName: string;
    when: "soon" | "today";
    dueAt: string;
    amountMinor: number;
    /** ISO 4217, lower or upper case. */
    currency: string;
  };
  /**
   * To a company's owner and admins: listing credits that expire within two weeks, counted by
   * plan and day, soonest first. Each credit is told of once.
   */
  /**
   * To a candidate who tracked an application to an imported job (they applied on the company's
   * ATS): the job left the ATS, and the board (issue 46).
   */
  "tracked-job-closed": { jobId: number; slug: string; title: string; companyName: string };
  /** To a company's owner and admins: an import source paused after failed runs (issue 46). */
  "import-paused": {
    companyName: string;
    /** Its ATS's name and the board's ("Greenhouse board acme"). */
    source: string;
    reason: string;
  };
  "credits-expiring": {
    companyName: string;
    credits: { plan: PaidPlanId; count: number; expiresAt: string }[];
  };
  /** To the team's inbox (MAIL_TEAM_TO): a new recruitment-services enquiry. */
  "enquiry-team": {
    enquiryId: number;
    name: string;
    email: string;
    company: string;
    website: string | null;
    /** A recruitment plan id (lib/pricing); the template shows its name. */
    service: string;
    roles: number;
    message: string;
  };
  /** To the enquiry's sender: a moderator's answer, with their enquiry quoted. */
  "enquiry-reply": {
    enquiryId: number;
    name: string;
    service: string;
    /** Their enquiry's message, quoted below the reply. */
    message: string;
    reply: string;
    /** Where their answer goes (MAIL_TEAM_TO, when set); null: to MAIL_FROM. */
    replyTo: string | null;
  };
  /**
   * To an address invited to a company's team (issue 44): the link carries the invitation's
   * token (only its hash is stored); the queued message holds it until the mail is sent.
   */
  "team-invitation": {
    companyName: string;
    role: AssignableRole;
    inviterName: string | null;
    token: string;
    expiresAt: string;
  };
  /** To a member whose place in a company changed: a new role, removed, or made its owner. */
  "team-change": {
    recipientName: string | null;
    companyName: string;
    change: "role" | "removed" | "owner";
    /** The new role, for a role change. */
    role: CompanyRole | null;
  };
  /**
   * To a candidate an employer invited to apply to one of its live listings (issue 47): the
   * company, the job, the employer's message as plain text, and where to answer. Never tells the
   * employer the candidate's address: it goes to the candidate's verified address only.
   */
  "job-invitation": {
    recipientName: string | null;
    companyName: string;
    jobId: number;
    slug: string;
    title: string;
    message: string;
  };
  /** To a candidate whose account was deleted: it is done. */
  "account-deleted": { recipientName: string | null };
};

export type MailTemplate = keyof MailTemplates;

export type MailMessage = {
  [T in MailTemplate]: {
    template: T;
    /** One address. */
    to: string;
    props: MailTemplates[T];
  };
}[MailTemplate];

/** A message as it goes out: what a template renders to. */
export type RenderedMail = {
  subject: string;
  html: string;
  text: string;
  /** Extra headers (List-Unsubscribe and List-Unsubscribe-Post for alerts). */
  headers: Record<string, string>;
  /** Where answers go when not to the sender (the team's copy of an enquiry: its author). */
  replyTo?: string;
};
