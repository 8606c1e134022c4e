import { ATS_LABELS } from "@/lib/imports/ats";
import { adminRecipients } from "../users/company-admins";
import type { Database } from "../db/client";
import type { AtsSource } from "../db/schema";
import type { MailMessage } from "../mail/messages";

/** "Greenhouse board acme": a source as its employer knows it. */
export const sourceName = (source: Pick<AtsSource, "ats" | "board">) =>
  `${ATS_LABELS[source.ats]} board ${source.board}`;

/** The mail to a company's owner and admins that one of its sources was paused, and why. */
export async function pauseNotice(
  tx: Database,
  source: AtsSource,
  reason: string,
): Promise<MailMessage[]> {
  return (await adminRecipients(tx, [source.companyId])).map((recipient) => ({
    template: "import-paused",
    to: recipient.to,
    props: { companyName: recipient.companyName, source: sourceName(source), reason },
  }));
}
