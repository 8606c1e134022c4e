import type { IssueHighlight } from "@/lib/server/db/schema";

/*
 * The mail the newsletter sends (issue 66): each template's props, added to the registry of
 * every message (lib/server/mail/messages.ts). Its templates are in newsletter-mails.tsx.
 */

/** One listing in an issue's mail. */
export type IssueMailListing = {
  id: number;
  slug: string;
  title: string;
  companyName: string;
  location: string;
};

declare module "@/lib/server/mail/messages" {
  interface MailTemplates {
    /** The double opt-in: the link that confirms a subscription. */
    "newsletter-confirm": {
      /** Secret, single use: the confirmation link carries it. */
      token: string;
      departments: string[];
      regions: string[];
    };
    /** One subscriber's copy of a weekly issue. */
    "newsletter-issue": {
      issueId: number;
      subject: string;
      /** The editor's introduction, sanitised HTML (features/newsletter/server/issues.ts). */
      introHtml: string;
      highlight: IssueHighlight | null;
      sponsored: IssueMailListing[];
      /** The week's listings in the subscriber's departments and regions. */
      listings: IssueMailListing[];
      /** Whether the subscriber chose departments or regions (the mail says it is filtered). */
      filtered: boolean;
      /** Signed: the one-click unsubscribe link and List-Unsubscribe header carry it. */
      unsubscribeToken: string;
      /** The envelope sender bounces come back to (bounce-address.ts); null: none taken. */
      bounceAddress: string | null;
      /** List-Unsubscribe's mailto (bounce-address.ts); null: the https link only. */
      unsubscribeAddress?: string | null;
    };
  }
}
