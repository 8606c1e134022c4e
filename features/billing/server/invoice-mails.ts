import { and, eq, inArray, sql } from "drizzle-orm";
import type { PgBoss } from "pg-boss";
import type { Database } from "@/lib/server/db/client";
import { companies, invoiceMails, invoices } from "@/lib/server/db/schema";
import { log } from "@/lib/server/log";
import type { MailMessage } from "@/lib/server/mail/messages";
import { enqueueMails, getQueue, QUEUES } from "@/lib/server/queue/queue";
import { adminRecipients } from "@/lib/server/users/company-admins";
import { invoicesWithCredited } from "./invoices";

/*
 * Every invoice and credit note is mailed to its company with its PDF attached (issue 61): to
 * the billing address its owner or an admin set, else to its owner and admins. The invoice-mails
 * task finds the documents not mailed yet, marks each in `invoice_mails` and queues its mail in
 * the same transaction: a document is mailed once however often (or however many instances
 * at once) the task runs. The PDF is rendered when the mail is sent (the queue holds JSON).
 */

/** Who gets a company's invoices: its billing address, else its owner and admins. */
export async function billingContacts(
  db: Database,
  companyIds: readonly number[],
): Promise<{ companyId: number; companyName: string; to: string; billingAddress: boolean }[]> {
  if (companyIds.length === 0) return [];
  const ids = [...new Set(companyIds)];
  const set = await db
    .select({ companyId: companies.id, companyName: companies.name, to: companies.billingEmail })
    .from(companies)
    .where(and(inArray(companies.id, ids), sql`${companies.billingEmail} is not null`));
  const withAddress = new Set(set.map((row) => row.companyId));
  const admins = await adminRecipients(
    db,
    ids.filter((id) => !withAddress.has(id)),
  );
  return [
    ...set.map((row) => ({ ...row, to: row.to!, billingAddress: true })),
    ...admins.map((row) => ({ ...row, billingAddress: false })),
  ];
}

/** How many documents one run mails at most; the next run takes the rest. */
const BATCH = 100;

/**
 * Marks the documents not mailed yet and queues their mail, in one transaction; answers how many
 * documents were mailed. Two runs at once: one marks a document, the other skips it.
 */
export async function queueInvoiceMails(db: Database, boss: PgBoss, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const pending = await invoicesWithCredited(tx)
      .where(sql`not exists (select 1 from ${invoiceMails} m where m.invoice_id = ${invoices.id})`)
      .orderBy(invoices.id)
      .limit(BATCH)
      .for("update", { of: invoices, skipLocked: true });
    if (pending.length === 0) return 0;
    const contacts = await billingContacts(
      tx,
      pending.map((row) => row.invoice.companyId),
    );
    let mailed = 0;
    for (const { invoice, creditedNumber } of pending) {
      const to = contacts.filter((contact) => contact.companyId === invoice.companyId);
      const [marked] = await tx
        .insert(invoiceMails)
        .values({ invoiceId: invoice.id, queuedAt: now, recipients: to.length })
        .onConflictDoNothing()
        .returning({ id: invoiceMails.invoiceId });
      if (!marked) continue;
      mailed++;
      const mail = to.map((contact): MailMessage => ({
        template: "invoice-issued",
        to: contact.to,
        props: {
          invoiceId: invoice.id,
          kind: invoice.kind,
          number: invoice.number,
          companyName: contact.companyName,
          description: invoice.lines[0]?.description ?? "",
          totalMinor: invoice.totalMinor,
          currency: invoice.currency,
          dueAt: invoice.dueAt?.toISOString() ?? null,
          paidAt: invoice.paidAt?.toISOString() ?? null,
          paymentMethod: invoice.paymentMethod,
          bank: invoice.seller.bank ?? [],
          creditsInvoice: creditedNumber,
          recipient: contact.billingAddress ? "billing-address" : "admin",
        },
      }));
      await enqueueMails(boss, mail, tx);
    }
    return mailed;
  });
}

/** The PDF a message carries: an issued document's, rendered now. None for other mail. */
export async function mailAttachments(db: Database, message: MailMessage) {
  if (message.template !== "invoice-issued") return [];
  const [row] = await invoicesWithCredited(db).where(eq(invoices.id, message.props.invoiceId));
  // Deleted since (it is never, but a queued message outlives anything): sent without it.
  if (!row) return [];
  const [{ renderInvoicePdf }, { documentOf }] = await Promise.all([
    import("./invoice-pdf"),
    import("./invoices"),
  ]);
  const content = await renderInvoicePdf(documentOf(row.invoice, row.creditedNumber));
  const name = row.invoice.kind === "invoice" ? "invoice" : "credit-note";
  return [
    {
      filename: `${name}-${row.invoice.number}.pdf`,
      content,
      contentType: "application/pdf",
    },
  ];
}

/** Seconds a burst of issued documents waits, so that one run mails them all. */
const NUDGE_SECONDS = 1;

/**
 * Asks for an invoice-mails run soon, once documents were issued and committed; the periodic
 * run catches any this misses. A queue that cannot take it is logged, not thrown.
 */
export async function mailIssuedDocumentsSoon(queue: () => Promise<PgBoss> = () => getQueue()) {
  try {
    const boss = await queue();
    await boss.sendDebounced(QUEUES.invoiceMails, {}, null, NUDGE_SECONDS, QUEUES.invoiceMails);
  } catch (error) {
    log.warn({ err: error }, "Invoice mail was not queued at once: the periodic run sends it");
  }
}
