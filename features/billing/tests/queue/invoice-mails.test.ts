// @vitest-environment node
import { eq, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { CompanyRole } from "@/lib/auth/company-roles";
import { mailAttachments } from "@/features/billing/server/invoice-mails";
import { rowsOf } from "@/lib/server/db/client";
import { companies, invoiceMails, invoices, users } from "@/lib/server/db/schema";
import type { MailMessage } from "@/lib/server/mail/messages";
import { renderMail } from "@/lib/server/worker/mail-templates";
import { getQueue } from "@/lib/server/queue/queue";
import { TASK_HANDLERS } from "@/lib/server/worker/tasks";
import { insertCompany } from "@/tests/db/fixtures";
import { setUpTestDatabase } from "@/tests/support/database";
import { pdfText } from "@/tests/support/pdf-text";
import { addMember } from "@/tests/support/teams";

/*
 * The invoice-mails task (issue 61), on the real database and queue: each invoice and credit
 * note is mailed once to its company's billing contacts (its billing address, else its owner
 * and admins), however often the task runs, and two runs at once; the mail worker attaches the
 * document's PDF, which says where to pay by transfer and what to quote.
 */

const handle = setUpTestDatabase();
const run = Math.random().toString(36).slice(2, 8);
const BANK = ["Łódź Bank Spółdzielczy", "IBAN PL61 1090 1014 0000 0712 1981 2874", "BIC WBKPPLPP"];

beforeAll(async () => {
  await getQueue(handle);
});

afterEach(async () => {
  await handle.db.delete(invoices).where(sql`kind = 'credit_note'`);
  await handle.db.delete(invoices);
});

const mailInvoices = async (now = new Date("2026-12-01T10:00:00Z")) =>
  TASK_HANDLERS["invoice-mails"]({ db: handle.db, boss: await getQueue(handle), now, data: {} });

/** The invoice mail queued for document `number`, as the queue holds it. */
async function mailOf(number: string) {
  return rowsOf<{ data: MailMessage }>(
    await handle.db.execute(
      sql`select data from pgboss.job where name = 'mail' and data->>'template' = 'invoice-issued'
          and data->'props'->>'number' = ${number} order by data->>'to'`,
    ),
  ).map((row) => row.data);
}

async function team(name: string) {
  const slug = `${name.toLowerCase().replace(/\W+/g, "-")}-${run}`;
  const company = await insertCompany(handle.db, slug, name);
  const member = async (role: CompanyRole) => {
    const email = `${role}-${slug}@company.example`;
    const [user] = await handle.db
      .insert(users)
      .values({ firebaseUid: `${role}-${slug}`, email, emailVerified: true })
      .returning();
    await addMember(handle.db, company.id, user!, role);
    return email;
  };
  return {
    company,
    owner: await member("owner"),
    admin: await member("admin"),
    recruiter: await member("recruiter"),
    viewer: await member("viewer"),
  };
}

let sequence = 500;

async function insertInvoice(
  companyId: number,
  change: Partial<typeof invoices.$inferInsert> = {},
) {
  sequence += 1;
  const [row] = await handle.db
    .insert(invoices)
    .values({
      kind: "invoice",
      number: `2026-${String(sequence).padStart(6, "0")}`,
      year: 2026,
      sequence,
      companyId,
      purpose: "pack",
      paymentMethod: "transfer",
      issuedAt: new Date("2026-12-01T09:00:00Z"),
      dueAt: new Date("2026-12-15T09:00:00Z"),
      currency: "usd",
      subtotalMinor: 20000,
      taxMinor: 0,
      totalMinor: 20000,
      seller: {
        name: "Creator Jobs, Inc.",
        address: ["548 Market St"],
        country: "US",
        tax_id: null,
        bank: BANK,
      },
      buyer: { name: "Żółć Studio 株式会社", address: ["1 Rynek"], country: "PL", tax_id: null },
      lines: [
        {
          description: "3 Sponsored listings, valid 12 months",
          quantity: 1,
          unit_minor: 20000,
          net_minor: 20000,
          tax_rate_bp: 0,
          tax_minor: 0,
          total_minor: 20000,
          currency: "usd",
        },
      ],
      ...change,
    })
    .returning();
  return row!;
}

describe("the invoice-mails task", () => {
  it("mails each document once to the owner and admins, however often it runs, even twice at once", async () => {
    const { company, owner, admin } = await team("Żółć Studio");
    const invoice = await insertInvoice(company.id);
    const [first, second] = await Promise.all([mailInvoices(), mailInvoices()]);
    expect(Number(first!.mailed) + Number(second!.mailed)).toBe(1);
    expect(await mailInvoices()).toEqual({ mailed: 0 });

    const mail = await mailOf(invoice.number);
    expect(mail.map((message) => message.to).sort()).toEqual([admin, owner].sort());
    expect(mail[0]).toMatchObject({
      template: "invoice-issued",
      props: {
        invoiceId: invoice.id,
        kind: "invoice",
        companyName: "Żółć Studio",
        bank: BANK,
        dueAt: "2026-12-15T09:00:00.000Z",
        recipient: "admin",
      },
    });
    const [marked] = await handle.db
      .select()
      .from(invoiceMails)
      .where(eq(invoiceMails.invoiceId, invoice.id));
    expect(marked).toMatchObject({ recipients: 2 });
  });

  it("mails the billing address alone once one is set, and credit notes too", async () => {
    const { company } = await team("Kraków Films");
    const accounts = `accounts-${run}@krakow.example`;
    await handle.db
      .update(companies)
      .set({ billingEmail: accounts })
      .where(eq(companies.id, company.id));
    const invoice = await insertInvoice(company.id);
    const note = await insertInvoice(company.id, {
      kind: "credit_note",
      number: `CN-2026-${String(sequence).padStart(6, "0")}`,
      creditedInvoiceId: invoice.id,
      dueAt: null,
      subtotalMinor: -20000,
      totalMinor: -20000,
    });
    expect(await mailInvoices()).toEqual({ mailed: 2 });
    expect((await mailOf(invoice.number)).map((message) => message.to)).toEqual([accounts]);
    const [credit] = await mailOf(note.number);
    expect(credit).toMatchObject({
      to: accounts,
      props: { kind: "credit_note", creditsInvoice: invoice.number, recipient: "billing-address" },
    });
    const rendered = await renderMail(credit!);
    expect(rendered.subject).toBe(`Credit note ${note.number}: -$200.00`);
  });

  it("sends the PDF with the mail: where to pay, the reference, and names in their own script", async () => {
    const { company } = await team("Warszawa Media");
    const invoice = await insertInvoice(company.id);
    await mailInvoices();
    const [message] = await mailOf(invoice.number);
    const rendered = await renderMail(message!);
    expect(rendered.subject).toBe(`Invoice ${invoice.number} to pay: $200.00`);
    for (const text of [...BANK, invoice.number, "as the payment reference"]) {
      expect(rendered.text).toContain(text);
    }
    const [pdf] = await mailAttachments(handle.db, message!);
    expect(pdf).toMatchObject({
      filename: `invoice-${invoice.number}.pdf`,
      contentType: "application/pdf",
    });
    const [page] = await pdfText(pdf!.content);
    for (const text of [
      "Żółć Studio 株式会社",
      "Pay by bank transfer to:",
      ...BANK,
      `Payment reference: ${invoice.number}`,
    ]) {
      expect(page).toContain(text);
    }
  });
});
