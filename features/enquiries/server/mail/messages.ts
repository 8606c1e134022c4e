/*
 * The mail enquiries sends: each template's props, added to the registry of every message
 * (lib/server/mail/messages.ts). Its templates are beside this file.
 */

declare module "@/lib/server/mail/messages" {
  interface MailTemplates {
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
  }
}

export {};
