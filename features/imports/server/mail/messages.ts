/*
 * The mail imports sends: each template's props, added to the registry of every message
 * (lib/server/mail/messages.ts). Its templates are beside this file.
 */

declare module "@/lib/server/mail/messages" {
  interface MailTemplates {
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
  }
}

export {};
