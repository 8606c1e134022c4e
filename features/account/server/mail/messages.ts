/*
 * The mail account sends: each template's props, added to the registry of every message
 * (lib/server/mail/messages.ts). Its templates are beside this file.
 */

declare module "@/lib/server/mail/messages" {
  interface MailTemplates {
    /** To a candidate whose account was deleted: it is done. */
    "account-deleted": { recipientName: string | null };
  }
}

export {};
