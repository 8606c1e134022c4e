import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startSmtpInbox } from "@/tests/fixtures/smtp-inbox";

/** Where the browser tests' server sends mail (SMTP_URL in playwright.config.ts). */
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 3126);

/**
 * Where the board's reply inbox listens in the browser tests (INBOUND_SMTP_PORT in
 * playwright.config.ts): answers by mail to an application's conversation go there (issue 42).
 */
export const E2E_INBOUND_PORT = Number(process.env.E2E_INBOUND_PORT ?? E2E_SMTP_PORT + 1);
export const E2E_INBOUND_DOMAIN = "reply.e2e.example";

/**
 * The mail relay in front of the reply inbox, as playwright.config.ts names it to the board
 * (INBOUND_TRUSTED_RELAYS, INBOUND_RELAY_AUTHSERV_ID): the tests stand in for it, connecting from
 * 127.0.0.1, and the inbox takes an answer only with the relay's word that DMARC passed for its
 * author's domain (issue 60).
 */
export const E2E_RELAY = { address: "127.0.0.1", authservId: "relay.e2e.example" };

/** The Authentication-Results field the relay adds to an answer from `author` that passed DMARC. */
export const relayVerdict = (author: string) => ({
  "Authentication-Results": `${E2E_RELAY.authservId}; dmarc=pass header.from=${author.split("@").pop()}`,
});

/** A message as the tests read it. */
export type E2eMail = {
  envelopeTo: string[];
  subject: string;
  text: string;
  html: string;
  /** Its Reply-To, or "" without one. */
  replyTo: string;
  /** Files sent with it (an invoice's PDF), their bytes in base64. */
  attachments: { filename: string; contentType: string; base64: string }[];
};

/** The folder the run's SMTP server writes each message to, as JSON. */
const mailDir = () => `${process.env.E2E_DATA_DIR ?? "data/e2e"}-mail`;

/**
 * The run's SMTP server, started once by the global setup for every test worker: each message it
 * takes is written to the mail folder, which the tests read (a server per test file would need
 * a port per worker, and the app sends to one). Answers how to stop it.
 */
export async function startE2eMailbox(): Promise<() => Promise<void>> {
  const dir = mailDir();
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const inbox = await startSmtpInbox(E2E_SMTP_PORT);
  let written = 0;
  const pushed = inbox.received.push.bind(inbox.received);
  inbox.received.push = (...messages) => {
    for (const { envelopeTo, mail } of messages) {
      const message: E2eMail = {
        envelopeTo,
        subject: mail.subject ?? "",
        text: mail.text ?? "",
        html: typeof mail.html === "string" ? mail.html : "",
        replyTo: mail.replyTo?.value[0]?.address ?? "",
        attachments: mail.attachments.map((file) => ({
          filename: file.filename ?? "",
          contentType: file.contentType,
          base64: file.content.toString("base64"),
        })),
      };
      written += 1;
      writeFileSync(join(dir, `${String(written).padStart(6, "0")}.json`), JSON.stringify(message));
    }
    return pushed(...messages);
  };
  return inbox.close;
}

/** The messages sent to `email` so far, oldest first. */
export function mailTo(email: string): E2eMail[] {
  const dir = mailDir();
  return readdirSync(dir)
    .filter((file) => file.endsWith(".json"))
    .sort()
    .map((file) => JSON.parse(readFileSync(join(dir, file), "utf8")) as E2eMail)
    .filter((message) => message.envelopeTo.includes(email));
}
