import type { ReactElement } from "react";
import type { MailTemplate, MailTemplates } from "./messages";

/** What each template module gives the renderer, typed by its props. */
export type MailTemplateDefinition<T extends MailTemplate> = {
  subject: (props: MailTemplates[T]) => string;
  Email: (props: MailTemplates[T]) => ReactElement;
  /** Headers of its own (List-Unsubscribe for alerts). */
  headers?: (props: MailTemplates[T]) => Record<string, string>;
  /** Where answers should go, when not to MAIL_FROM. */
  replyTo?: (props: MailTemplates[T]) => string;
  /** The envelope sender (Return-Path) bounces go to, when not MAIL_FROM (the newsletter's VERP). */
  envelopeFrom?: (props: MailTemplates[T]) => string | undefined;
};
