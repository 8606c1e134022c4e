import type { SearchFilters } from "@/features/saved-searches/search";

/*
 * The mail alerts sends: each template's props, added to the registry of every message
 * (lib/server/mail/messages.ts). Its templates are beside this file.
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

declare module "@/lib/server/mail/messages" {
  interface MailTemplates {
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
  }
}
