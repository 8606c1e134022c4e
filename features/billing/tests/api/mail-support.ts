import type { MailMessage } from "@/lib/server/mail/messages";
import { getQueue } from "@/lib/server/queue/queue";
import type { DatabaseHandle } from "@/lib/server/db/client";
import { renderMail } from "@/lib/server/worker/mail-templates";
import { TASK_HANDLERS } from "@/lib/server/worker/tasks";
import { queuedMail } from "@/tests/api/team-suite";

/*
 * The mail that sends an invoice, as its reader gets it: the invoice-mails task run, then the
 * queued `invoice-issued` message of invoice `number` rendered (text and HTML).
 */
export async function renderedInvoiceMail(handle: DatabaseHandle, number: string) {
  await TASK_HANDLERS["invoice-mails"]({
    db: handle.db,
    boss: await getQueue(handle),
    now: new Date(),
    data: {},
  });
  const message = (await queuedMail(handle.db, "invoice-issued")).find(
    (mail) => mail.props.number === number,
  );
  if (!message) throw new Error(`No invoice-issued mail was queued for ${number}`);
  return renderMail(message as unknown as MailMessage);
}
