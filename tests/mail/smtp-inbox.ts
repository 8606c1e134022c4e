import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

/*
 * A real SMTP server for tests, on 127.0.0.1: it keeps every message it accepts, parsed, and
 * can be told to refuse recipients or message data the way a real server does (a 5xx reply).
 */

export type Received = { envelopeTo: string[]; mail: ParsedMail };

export type SmtpInbox = {
  url: string;
  port: number;
  received: Received[];
  /** Refuse at RCPT TO (an unknown mailbox) or after DATA (a message the server will not take). */
  refuse: "rcpt" | "data" | null;
  close: () => Promise<void>;
};

function refusal(message: string, responseCode: number): Error {
  return Object.assign(new Error(message), { responseCode });
}

export async function startSmtpInbox(port = 0): Promise<SmtpInbox> {
  const inbox: SmtpInbox = {
    url: "",
    port: 0,
    received: [],
    refuse: null,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback: nodemailer would otherwise try STARTTLS with a self-signed key.
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (inbox.refuse === "rcpt") callback(refusal("No such mailbox", 550));
      else callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          if (inbox.refuse === "data") return callback(refusal("Message refused as spam", 554));
          inbox.received.push({
            envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            mail,
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  inbox.port = (server.server.address() as AddressInfo).port;
  inbox.url = `smtp://127.0.0.1:${inbox.port}`;
  return inbox;
}
