/*
 * The mail listings sends: each template's props, added to the registry of every message
 * (lib/server/mail/messages.ts). Its templates are beside this file.
 */

declare module "@/lib/server/mail/messages" {
  interface MailTemplates {
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
    /**
     * To the employer: their listing is a held draft, its checkout opened a day ago and not paid;
     * a link to finish and pay (issue 63). Sent once per listing.
     */
    "listing-draft": {
      jobId: number;
      title: string;
      companyName: string;
      /** The plan's name as /pricing shows it. */
      planName: string;
      /** The plan's price as the offer says now, in the currency's minor unit. */
      priceMinor: number;
      /** The board's currency (ISO 4217). */
      currency: string;
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
  }
}

export {};
