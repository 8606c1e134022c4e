/*
 * The mail directory sends: each template's props, added to the registry of every message
 * (lib/server/mail/messages.ts). Its templates are beside this file.
 */

declare module "@/lib/server/mail/messages" {
  interface MailTemplates {
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
  }
}

export {};
