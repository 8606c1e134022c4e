import type { Transporter } from "nodemailer";
import { boardSettingsOverrides } from "@/lib/board-settings";
import { readServerEnv } from "../env";
import { log } from "../log";
import type { MailMessage } from "./messages";
import type { MailRenderer } from "./render";

/*
 * Sends one message over SMTP (SMTP_URL), from MAIL_FROM. A message the server refuses, or a
 * server that does not answer, throws: the queue's mail job fails and pg-boss tries it again
 * later. Without SMTP_URL mail is switched off: each message is logged and dropped.
 *
 * The message is rendered by the renderer the caller passes: the templates belong to the
 * features, and are put together in lib/server/worker/mail-templates.ts, which the worker loads
 * with the first message sent. nodemailer too is loaded then, not with the server (issue 48): a
 * process that sends no mail never holds them.
 */

// A dead or stalled server should fail the job in seconds, not hold a worker for minutes
// (nodemailer waits up to 2 minutes to connect and 10 for a quiet socket by default).
const TIMEOUT_MS = 10_000;

// One transport per server address, made on first use. Without pooling each message opens its
// own connection, so a server that went away and came back needs nothing reset.
const transports = new Map<string, Transporter>();

async function transportFor(smtpUrl: string): Promise<Transporter> {
  let transport = transports.get(smtpUrl);
  if (!transport) {
    const { createTransport } = await import("nodemailer");
    transport =
      transports.get(smtpUrl) ??
      createTransport({
        url: smtpUrl,
        pool: false,
        connectionTimeout: TIMEOUT_MS,
        greetingTimeout: TIMEOUT_MS,
        socketTimeout: TIMEOUT_MS,
      });
    transports.set(smtpUrl, transport);
  }
  return transport;
}

/** A file sent with a message: an invoice's PDF. */
export type MailAttachment = { filename: string; content: Buffer; contentType: string };

/** The part of an address after the @: enough to tell messages apart in a log, and no more. */
const domainOf = (address: string) => address.slice(address.lastIndexOf("@") + 1).toLowerCase();

/**
 * Who a message is from: MAIL_FROM as configured, or, once the owner has renamed the board, its
 * address under the board's name (nodemailer quotes and encodes the name: any script prints).
 */
export function senderOf(
  mailFrom: string,
  boardName: string | undefined,
): string | { name: string; address: string } {
  if (!boardName) return mailFrom;
  const address = /<([^>]+)>\s*$/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return { name: boardName, address };
}

export async function sendMail(
  message: MailMessage,
  options: {
    /** Renders the message (lib/server/worker/mail-templates.ts: renderMail). */
    render: MailRenderer;
    smtpUrl?: string;
    from?: string;
    attachments?: MailAttachment[];
  },
): Promise<{ messageId: string | null; sent: boolean }> {
  // Queued messages are JSON written earlier: one without an address can never be sent.
  if (typeof message.to !== "string" || !message.to.includes("@")) {
    throw new Error(`Mail "${message.template}" has no recipient address`);
  }
  const env = readServerEnv();
  const smtpUrl = options.smtpUrl ?? env.SMTP_URL;
  if (!smtpUrl) {
    // The log holds no addresses (lib/server/log.ts): the recipient's domain only.
    log.info(
      { template: message.template, recipientDomain: domainOf(message.to) },
      "Mail not sent: SMTP_URL is unset",
    );
    return { messageId: null, sent: false };
  }

  const mail = await options.render(message);
  const from = options.from ?? senderOf(env.MAIL_FROM, boardSettingsOverrides()?.name);
  const info = await (
    await transportFor(smtpUrl)
  ).sendMail({
    from,
    to: message.to,
    // A VERP envelope sender (the newsletter's): bounces come back to the board's inbox.
    ...(mail.envelopeFrom ? { envelope: { from: mail.envelopeFrom, to: message.to } } : {}),
    replyTo: mail.replyTo,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    headers: mail.headers,
    ...(options.attachments?.length ? { attachments: options.attachments } : {}),
  });
  // nodemailer resolves when the server took the message for at least one recipient; there is
  // only one, but a refusal must never pass for a delivery.
  if (info.rejected?.length) {
    throw new Error(`The SMTP server refused the recipient of "${message.template}"`);
  }
  return { messageId: info.messageId ?? null, sent: true };
}

/** Closes every transport (on shutdown, and after tests); the next message opens a new one. */
export function closeMailTransports(): void {
  for (const transport of transports.values()) transport.close();
  transports.clear();
}
