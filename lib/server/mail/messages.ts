/*
 * Every message the board sends, as data: a template's name, its recipient and its props. A
 * message is queued as this JSON (lib/server/queue) and rendered only when the mail worker sends
 * it, so props hold plain values (dates as ISO strings) and no links: the templates build
 * absolute links from NEXT_PUBLIC_SITE_URL.
 */

/**
 * Each template's props, by its name. The features that send mail add their own templates here,
 * each in its `server/mail/messages.ts`, by module augmentation:
 *
 *     declare module "@/lib/server/mail/messages" {
 *       interface MailTemplates { "invoice-issued": { invoiceId: number; ... } }
 *     }
 *
 * so a message is typed by its template wherever it is queued, and shared code names no feature.
 * Their templates are put together for the renderer in lib/server/worker/mail-templates.ts.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the features
export interface MailTemplates {}

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
  /** The envelope sender (Return-Path), when not MAIL_FROM: where bounces go. */
  envelopeFrom?: string;
};
