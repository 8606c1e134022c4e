import type { AddressInfo } from "node:net";
import type { Readable } from "node:stream";
import type { ParsedMail } from "mailparser";
import type { MessageSide } from "@/features/applications/constants";
import type { Database } from "@/lib/server/db/client";
import { AppError } from "@/lib/server/errors";
import { log } from "@/lib/server/log";
import {
  applicantConversationUrl,
  conversationUrl,
} from "@/features/applications/server/mail/application-mails";
import { withMail } from "@/lib/server/queue/queue";
import { applicationWithListing, postMessage } from "./conversation";
import { listingEmployer } from "./employer-mail";
import { readReplyAddress } from "./reply-address";
import {
  authorOf,
  authorVerifier,
  type AuthorChecks,
  type AuthorVerifier,
  type Client,
} from "./reply-authentication";
import { replyText } from "./reply-text";

/*
 * The reply inbox (issue 42): an SMTP server that takes answers to the mail of an application's
 * conversation, sent to its signed Reply-To (reply-address.ts), and adds each to the thread as if
 * written on the board, telling the other side. It is smtp-server, the SMTP engine of the
 * nodemailer project, with mailparser for the MIME: nothing of the protocol is ours.
 *
 * Everything that arrives is hostile until checked, within bounds: a recipient that is not one
 * of our signed addresses is refused at RCPT (no relay, no guessing), one recipient per message,
 * at most MAX_BYTES read (the rest is drained and the message refused), a quiet connection cut
 * after SOCKET_TIMEOUT_MS, at most MAX_CLIENTS at once. An answer must name one author in From,
 * the address the mail went to, and be authenticated as theirs: DMARC for that address's domain,
 * checked by the inbox or by the trusted relay in front (reply-authentication.ts, issue 60);
 * holding the reply address proves nothing, as it travels in every forward. What is refused is
 * refused with a reason and where to answer instead, which the sender's mail server hands back to
 * them as a bounce, and nothing of it is stored. Automatic replies (out of office) are taken and
 * dropped, so that no two robots answer each other.
 *
 * TLS: run it behind the mail relay that receives for INBOUND_MAIL_DOMAIN (Postfix, or a
 * provider's inbound routing to this port), which terminates TLS; see docs/deployment.md.
 */

/** A reply with its quoted thread fits many times over; attachments are not wanted. */
export const MAX_BYTES = 256 * 1024;
const SOCKET_TIMEOUT_MS = 30_000;
const MAX_CLIENTS = 50;

type Refusal = Error & { responseCode: number };

const refusal = (responseCode: number, message: string): Refusal =>
  Object.assign(new Error(message), { responseCode });

const isRefusal = (error: unknown): error is Refusal =>
  error instanceof Error && typeof (error as Partial<Refusal>).responseCode === "number";

/** Reads at most MAX_BYTES of the message; drains the rest, so the client hears our answer. */
async function readBounded(stream: Readable & { sizeExceeded?: boolean }): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= MAX_BYTES) chunks.push(chunk);
  }
  if (size > MAX_BYTES || stream.sizeExceeded) {
    throw refusal(552, "This message is too large: write your answer on the board instead");
  }
  return Buffer.concat(chunks);
}

/** An automatic reply (RFC 3834's Auto-Submitted, or the older Precedence and X-Autoreply). */
function isAutomatic(mail: ParsedMail): boolean {
  const header = (name: string) => String(mail.headers.get(name) ?? "").toLowerCase();
  const submitted = header("auto-submitted");
  return (
    (submitted !== "" && submitted !== "no") ||
    ["bulk", "junk", "list", "auto_reply"].includes(header("precedence")) ||
    header("x-autoreply") !== ""
  );
}

/** Where the answering side reads the conversation, and the address its mail went to. */
async function answeringSide(db: Database, applicationId: number, side: MessageSide) {
  const { row, job } = await applicationWithListing(db, applicationId);
  if (side === "candidate") {
    return { row, job, address: row.email, where: conversationUrl(row.id), authorId: row.userId };
  }
  const employer = await listingEmployer(db, row.jobId);
  return {
    row,
    job,
    address: employer?.to ?? null,
    where: applicantConversationUrl(row.jobId, row.id),
    authorId: employer?.userId ?? null,
  };
}

/** An address as a bounce may quote it: printable ASCII on one line, and not too long. */
const quoted = (address: string) => address.replace(/[^\x21-\x7e]/g, "?").slice(0, 254);

/**
 * Adds the answer in `raw`, handed over by `client`, to the thread its address `to` names, or
 * refuses it.
 */
async function receive(
  db: Database,
  verify: AuthorVerifier,
  { to, raw, client }: { to: string; raw: Buffer; client: Client },
): Promise<void> {
  const target = await readReplyAddress(db, to);
  if (!target) throw refusal(550, "No such address here");
  const { simpleParser } = await import("mailparser");
  const mail = await simpleParser(raw, { skipImageLinks: true, maxHtmlLengthToParse: MAX_BYTES });
  if (isAutomatic(mail)) return;
  const side = await answeringSide(db, target.applicationId, target.side);
  const author = authorOf(mail);
  if (!author) {
    throw refusal(
      550,
      `Send your answer from one address, named alone in From, or write it on the board: ${side.where}`,
    );
  }
  const verdict = await verify(raw, mail, author, client);
  if (verdict === "temporary") {
    throw refusal(
      451,
      `We could not check who sent this just now; try again later, or write your answer on the board: ${side.where}`,
    );
  }
  // One answer for both, so that a bounce does not tell whether a guessed address is the one
  // our mail went to.
  if (verdict === "fail" || !side.address || author !== side.address.toLowerCase()) {
    log.info(
      { applicationId: target.applicationId, side: target.side, verdict },
      "Reply inbox: refused an answer it could not confirm",
    );
    throw refusal(
      550,
      `We could not confirm this came from ${quoted(author)}, or our mail did not go to that address: write your answer on the board: ${side.where}`,
    );
  }
  const body = replyText(mail.text ?? "");
  if (!body) {
    throw refusal(
      550,
      `We found no answer above the quoted message: write it on the board: ${side.where}`,
    );
  }
  try {
    await withMail(db, (tx) =>
      postMessage(tx, {
        row: side.row,
        job: side.job,
        side: target.side,
        authorId: side.authorId,
        body,
        via: "mail",
        now: new Date(),
      }).then(({ message, mail: news }) => ({ result: message, mail: news })),
    );
  } catch (error) {
    // A closed conversation (withdrawn, or deleted): said to the sender in the bounce.
    if (error instanceof AppError && error.code === "conflict") {
      throw refusal(550, `${error.message}.`);
    }
    throw error;
  }
}

export type ReplyInbox = { port: number; close: () => Promise<void> };

/**
 * Another kind of address this inbox takes mail for, beside the conversations' reply addresses
 * (issue 66: the newsletter's bounce addresses). `accepts` answers at RCPT whether an address is
 * one of its own (signed: nothing is taken for a guessed address); `receive` gets the parsed
 * message, within the same bounds. Passed in by the process that starts the inbox (worker.ts),
 * so this feature names none of them.
 */
export type InboxRecipientKind = {
  accepts: (db: Database, address: string) => Promise<boolean>;
  receive: (db: Database, address: string, mail: ParsedMail) => Promise<void>;
};

/** The kind that takes `address`, if any of `kinds` does. */
async function kindFor(db: Database, kinds: readonly InboxRecipientKind[], address: string) {
  for (const kind of kinds) if (await kind.accepts(db, address)) return kind;
  return null;
}

/** A conversation's answer, or a message for another kind's address. */
async function receiveAny(
  db: Database,
  verify: AuthorVerifier,
  kinds: readonly InboxRecipientKind[],
  message: { to: string; raw: Buffer; client: Client },
): Promise<void> {
  if (!(await readReplyAddress(db, message.to))) {
    const kind = await kindFor(db, kinds, message.to);
    if (kind) {
      const { simpleParser } = await import("mailparser");
      const mail = await simpleParser(message.raw, {
        skipImageLinks: true,
        maxHtmlLengthToParse: MAX_BYTES,
        // A delivery report's machine-readable part as a part of its own, not run into the text.
        keepDeliveryStatus: true,
      });
      return kind.receive(db, message.to, mail);
    }
  }
  return receive(db, verify, message);
}

/**
 * Starts the reply inbox on `port` (0: any free port) and `host`, authenticating answers as
 * `checks` say (the relay in front, ARC sealers; DNS). Its SMTP server, the mail parser and
 * mailauth are loaded only where an inbox is configured (issue 48).
 */
export async function startReplyInbox(
  db: Database,
  {
    port,
    host,
    kinds = [],
    ...checks
  }: { port: number; host: string; kinds?: readonly InboxRecipientKind[] } & AuthorChecks,
): Promise<ReplyInbox> {
  const { SMTPServer } = await import("smtp-server");
  const verify = authorVerifier(checks);
  const server = new SMTPServer({
    banner: "Creator Jobs replies",
    authOptional: true,
    // No accounts (AUTH) and no relaying; TLS ends at the relay in front (see above).
    disabledCommands: ["AUTH", "STARTTLS"],
    size: MAX_BYTES,
    maxClients: MAX_CLIENTS,
    socketTimeout: SOCKET_TIMEOUT_MS,
    closeTimeout: 5_000,
    logger: false,
    // Nothing reads the client's host name: no lookup to wait for.
    disableReverseLookup: true,
    onRcptTo(address, session, callback) {
      if (session.envelope.rcptTo.length > 0) {
        return callback(refusal(452, "One recipient per message"));
      }
      readReplyAddress(db, address.address)
        .then(
          async (target) => target !== null || (await kindFor(db, kinds, address.address)) !== null,
        )
        .then(
          (known) => callback(known ? null : refusal(550, "No such address here")),
          (error: unknown) => {
            log.error({ err: error }, "Reply inbox: could not check a recipient");
            callback(refusal(451, "Try again later"));
          },
        );
    },
    onData(stream, session, callback) {
      const to = session.envelope.rcptTo[0]?.address ?? "";
      const { mailFrom } = session.envelope;
      const client = {
        ip: session.remoteAddress,
        helo: session.hostNameAppearsAs,
        // The null sender (<>) of bounces: SPF then checks the HELO name.
        mailFrom: (mailFrom && mailFrom.address) || undefined,
      };
      readBounded(stream)
        .then((raw) => receiveAny(db, verify, kinds, { to, raw, client }))
        .then(
          () => callback(),
          (error: unknown) => {
            if (isRefusal(error)) return callback(error);
            log.error({ err: error }, "Reply inbox: an answer could not be stored");
            callback(refusal(451, "Try again later"));
          },
        );
    },
  });
  server.on("error", (error) => log.warn({ err: error }, "Reply inbox: a connection failed"));
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  const listening = (server.server.address() as AddressInfo).port;
  log.info({ port: listening }, "Reply inbox listening");
  return {
    port: listening,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
