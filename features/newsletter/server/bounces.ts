import type { ParsedMail } from "mailparser";
import type { Database } from "@/lib/server/db/client";
import { log } from "@/lib/server/log";
import { readBounceAddress } from "./bounce-address";
import { stopSubscriber, unsubscribeSubscriber } from "./subscribers";

/*
 * What comes back to a newsletter mail's envelope sender (bounce-address.ts), read by the reply
 * inbox through the recipient kind below (issue 66):
 *
 * - a delivery status notification (RFC 3464: multipart/report; report-type=delivery-status,
 *   its message/delivery-status part): a recipient whose Action is "failed" with a permanent
 *   Status (5.x.x) stops all mail to the subscriber (bounced); a temporary one (4.x.x, "delayed")
 *   changes nothing, as the sender's server tries again;
 * - an abuse report (RFC 5965 ARF: multipart/report; report-type=feedback-report, its
 *   message/feedback-report part with Feedback-Type: abuse): the subscriber is stopped
 *   (complained).
 *
 * A message to a subscriber's unsubscribe address (List-Unsubscribe's mailto) unsubscribes them.
 * Anything else sent there (an out-of-office, a person's answer) is taken and dropped. The
 * report is hostile input: only its own fields are read, each as one header line, within the
 * inbox's size bound.
 */

export type BounceVerdict =
  | { kind: "hard"; status: string }
  | { kind: "soft"; status: string }
  | { kind: "complaint"; feedbackType: string }
  | { kind: "other" };

/** The header fields of a report part (RFC 822 style: "Name: value", folded lines joined). */
function fields(text: string): Map<string, string>[] {
  // Groups separated by blank lines: the per-message fields, then one group per recipient.
  return text
    .replace(/\r\n/g, "\n")
    .split(/\n\s*\n/)
    .map((group) => {
      const map = new Map<string, string>();
      for (const line of group.replace(/\n[ \t]+/g, " ").split("\n")) {
        const colon = line.indexOf(":");
        if (colon < 1) continue;
        map.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
      }
      return map;
    });
}

const partText = (mail: ParsedMail, type: string) => {
  const part = mail.attachments.find((attachment) => attachment.contentType.toLowerCase() === type);
  return part ? part.content.toString("utf8").slice(0, 64 * 1024) : null;
};

/** What a report received at a bounce address says. */
export function readReport(mail: ParsedMail): BounceVerdict {
  const feedback = partText(mail, "message/feedback-report");
  if (feedback !== null) {
    const type = fields(feedback)[0]?.get("feedback-type")?.toLowerCase() ?? "";
    // abuse (spam), fraud, virus, other: all say "do not send here"; not-spam says the opposite.
    if (type && type !== "not-spam") return { kind: "complaint", feedbackType: type.slice(0, 40) };
    return { kind: "other" };
  }
  const status = partText(mail, "message/delivery-status");
  if (status === null) return { kind: "other" };
  let soft: string | null = null;
  for (const group of fields(status).slice(1)) {
    const code = /^([245])\.\d{1,3}\.\d{1,3}\b/.exec(group.get("status") ?? "")?.[0];
    const action = group.get("action")?.toLowerCase();
    if (!code) continue;
    if (code.startsWith("5") && action === "failed") return { kind: "hard", status: code };
    if (code.startsWith("4")) soft = code;
  }
  return soft ? { kind: "soft", status: soft } : { kind: "other" };
}

/**
 * The reply inbox's recipient kind for bounce addresses: `accepts` answers at RCPT whether an
 * address is one of ours; `receive` acts on what came.
 */
export const bounceRecipients = {
  accepts: async (db: Database, address: string) => (await readBounceAddress(db, address)) !== null,
  receive: async (db: Database, address: string, mail: ParsedMail): Promise<void> => {
    const target = await readBounceAddress(db, address);
    if (target === null) return;
    const { subscriberId } = target;
    const now = new Date();
    // List-Unsubscribe's mailto: any message to it unsubscribes, whatever it says.
    if (target.kind === "unsubscribe") {
      await unsubscribeSubscriber(db, subscriberId, now);
      log.info({ subscriberId }, "Newsletter: unsubscribed by mail");
      return;
    }
    const verdict = readReport(mail);
    if (verdict.kind === "hard") {
      const stopped = await stopSubscriber(db, subscriberId, "bounced", verdict.status, now);
      log.info({ subscriberId, status: verdict.status, stopped }, "Newsletter: hard bounce");
    } else if (verdict.kind === "complaint") {
      const stopped = await stopSubscriber(
        db,
        subscriberId,
        "complained",
        verdict.feedbackType,
        now,
      );
      log.info({ subscriberId, stopped }, "Newsletter: complaint");
    }
  },
};
