// @vitest-environment node
import { eq, inArray, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { CompanyRole } from "@/lib/auth/company-roles";
import type { PaidPlanId } from "@/features/billing/offer";
import { rowsOf } from "@/lib/server/db/client";
import { invoices, listingCredits, users } from "@/lib/server/db/schema";
import type { MailMessage } from "@/lib/server/mail/messages";
import { renderMail } from "@/lib/server/worker/mail-templates";
import { moderationCounts } from "@/features/moderation/server/counts";
import { getQueue } from "@/lib/server/queue/queue";
import { TASK_HANDLERS } from "@/lib/server/worker/tasks";
import { setUpTestDatabase } from "@/tests/support/database";
import { addMember } from "@/tests/support/teams";
import { insertCompany } from "@/tests/db/fixtures";

/*
 * The billing-reminders task (issue 45), run with a given `now` on the real database: invoices'
 * reminders a week before and on the due day, the overdue flag the moderators count, and the
 * notice of listing credits about to expire. Each is told once, to the company's owner and
 * admins only; what was missed is told at the next run.
 */

const handle = setUpTestDatabase();
const run = Math.random().toString(36).slice(2, 8);

beforeAll(async () => {
  await getQueue(handle);
});

// Every test starts with no invoice nor credit, so a run's figures are its own test's.
afterEach(async () => {
  await handle.db.delete(listingCredits);
  await handle.db.delete(invoices);
});

const at = (iso: string) => new Date(iso);

const remind = async (now: string) =>
  TASK_HANDLERS["billing-reminders"]({
    db: handle.db,
    boss: await getQueue(handle),
    now: at(now),
    data: {},
  });

const nothing = { reminders: 0, due_notices: 0, overdue: 0, credit_notices: 0 };

/** The mail queued to `to`, oldest first, as the queue holds it. */
async function mailTo(to: string) {
  return rowsOf<{ data: MailMessage }>(
    await handle.db.execute(
      sql`select data from pgboss.job where name = 'mail' and data->>'to' = ${to} order by created_on`,
    ),
  ).map((row) => row.data);
}

/** A company with a member of each role, each with a verified address. */
async function team(name: string) {
  const slug = `${name.toLowerCase()}-${run}`;
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

let sequence = 11;

/** An invoice of $238.00 to pay by transfer by `dueAt` (null: paid by card on issue). */
async function insertInvoice(
  companyId: number,
  change: Partial<typeof invoices.$inferInsert> & { dueAt: Date | null },
) {
  sequence += 1;
  const party = { name: "Party", address: [], country: null, tax_id: null };
  const [row] = await handle.db
    .insert(invoices)
    .values({
      kind: "invoice",
      number: `2026-${String(sequence).padStart(6, "0")}`,
      year: 2026,
      sequence,
      companyId,
      purpose: "listing",
      paymentMethod: "transfer",
      issuedAt: at("2026-11-12T10:00:00Z"),
      currency: "usd",
      subtotalMinor: 20000,
      taxMinor: 3800,
      totalMinor: 23800,
      seller: party,
      buyer: party,
      lines: [],
      ...change,
    })
    .returning();
  return row!;
}

const invoiceRow = async (id: number) =>
  (await handle.db.select().from(invoices).where(eq(invoices.id, id)))[0]!;

describe("invoices due", () => {
  it("remind the owner and admins once, seven days before the due day, never recruiters or viewers", async () => {
    const { company, owner, admin, recruiter, viewer } = await team("Northwind");
    const invoice = await insertInvoice(company.id, { dueAt: at("2026-12-12T10:00:00Z") });

    expect(await remind("2026-12-04T09:00:00Z")).toEqual(nothing);
    expect(await remind("2026-12-05T09:00:00Z")).toEqual({ ...nothing, reminders: 1 });
    expect(await remind("2026-12-05T10:00:00Z")).toEqual(nothing);

    for (const to of [owner, admin]) {
      const mail = await mailTo(to);
      expect(mail).toEqual([
        {
          template: "invoice-reminder",
          to,
          props: {
            invoiceNumber: invoice.number,
            companyName: "Northwind",
            when: "soon",
            dueAt: "2026-12-12T10:00:00.000Z",
            amountMinor: 23800,
            currency: "usd",
          },
        },
      ]);
      const rendered = await renderMail(mail[0]!);
      expect(rendered.subject).toBe("Invoice 2026-000012 is due on Dec 12, 2026: $238.00");
      expect(rendered.text).toContain("Invoice 2026-000012 to Northwind, for $238.00");
    }
    expect(await mailTo(recruiter)).toEqual([]);
    expect(await mailTo(viewer)).toEqual([]);
    expect((await invoiceRow(invoice.id)).reminderSentAt).toEqual(at("2026-12-05T09:00:00Z"));
  });

  it("tell them on the due day, once", async () => {
    const { company, owner, admin, recruiter } = await team("Dueday");
    const invoice = await insertInvoice(company.id, {
      dueAt: at("2026-12-12T10:00:00Z"),
      reminderSentAt: at("2026-12-05T09:00:00Z"),
    });

    expect(await remind("2026-12-11T23:00:00Z")).toEqual(nothing);
    expect(await remind("2026-12-12T00:30:00Z")).toEqual({ ...nothing, due_notices: 1 });
    expect(await remind("2026-12-12T08:00:00Z")).toEqual(nothing);

    for (const to of [owner, admin]) {
      const mail = await mailTo(to);
      expect(mail.map((message) => message.props)).toEqual([
        expect.objectContaining({ invoiceNumber: invoice.number, when: "today" }),
      ]);
      expect((await renderMail(mail[0]!)).subject).toBe(
        `Invoice ${invoice.number} is due today: $238.00`,
      );
    }
    expect(await mailTo(recruiter)).toEqual([]);
    expect((await invoiceRow(invoice.id)).dueNoticeSentAt).toEqual(at("2026-12-12T00:30:00Z"));
  });

  it("send a missed reminder once at the next run, and none before a due day already past", async () => {
    const { company, owner } = await team("Latecomer");
    // Issued five days before its due day: its week began before it existed.
    const late = await insertInvoice(company.id, {
      issuedAt: at("2026-12-07T08:00:00Z"),
      dueAt: at("2026-12-12T08:00:00Z"),
    });
    // The worker was down from before its reminder until its due day.
    const missed = await insertInvoice(company.id, { dueAt: at("2026-12-07T20:00:00Z") });
    // And until after its due day.
    const past = await insertInvoice(company.id, { dueAt: at("2026-12-03T10:00:00Z") });

    expect(await remind("2026-12-07T09:00:00Z")).toEqual({
      ...nothing,
      reminders: 1,
      due_notices: 1,
      overdue: 1,
    });
    expect(await remind("2026-12-07T10:00:00Z")).toEqual(nothing);

    const told = (await mailTo(owner)).map((message) => message.props);
    expect(told).toEqual([
      expect.objectContaining({ invoiceNumber: late.number, when: "soon" }),
      expect.objectContaining({ invoiceNumber: missed.number, when: "today" }),
    ]);
    expect((await invoiceRow(missed.id)).reminderSentAt).toBeNull();
    const pastRow = await invoiceRow(past.id);
    expect([pastRow.reminderSentAt, pastRow.dueNoticeSentAt]).toEqual([null, null]);
  });

  it("are flagged once after their due date, for the moderators' counts, and mail nobody", async () => {
    const { company, owner, admin } = await team("Overdue");
    const told = {
      reminderSentAt: at("2026-12-05T09:00:00Z"),
      dueNoticeSentAt: at("2026-12-12T00:30:00Z"),
    };
    const unpaid = await insertInvoice(company.id, { dueAt: at("2026-12-12T10:00:00Z"), ...told });
    const paid = await insertInvoice(company.id, {
      dueAt: at("2026-12-12T10:00:00Z"),
      paidAt: at("2026-12-10T10:00:00Z"),
      ...told,
    });
    const credited = await insertInvoice(company.id, {
      dueAt: at("2026-12-12T10:00:00Z"),
      creditedMinor: 23800,
      ...told,
    });
    const byCard = await insertInvoice(company.id, {
      dueAt: null,
      paymentMethod: "stripe",
      paidAt: at("2026-11-12T10:00:00Z"),
    });
    expect((await moderationCounts(handle.db)).overdue_invoices).toBe(0);

    expect(await remind("2026-12-12T09:00:00Z")).toEqual(nothing);
    expect(await remind("2026-12-13T09:00:00Z")).toEqual({ ...nothing, overdue: 1 });
    expect(await remind("2026-12-14T09:00:00Z")).toEqual(nothing);

    expect((await invoiceRow(unpaid.id)).overdueAt).toEqual(at("2026-12-13T09:00:00Z"));
    for (const other of [paid, credited, byCard]) {
      expect((await invoiceRow(other.id)).overdueAt).toBeNull();
    }
    expect((await moderationCounts(handle.db)).overdue_invoices).toBe(1);
    expect([...(await mailTo(owner)), ...(await mailTo(admin))]).toEqual([]);

    // Paid late: no longer waiting on the moderators.
    await handle.db
      .update(invoices)
      .set({ paidAt: at("2026-12-15T09:00:00Z") })
      .where(eq(invoices.id, unpaid.id));
    expect((await moderationCounts(handle.db)).overdue_invoices).toBe(0);
  });
});

describe("listing credits expiring", () => {
  /** `count` credits of `plan` bought with a pack invoice of the company, expiring at `expiresAt`. */
  async function insertCredits(
    companyId: number,
    plan: PaidPlanId,
    count: number,
    expiresAt: string,
    change: Partial<typeof listingCredits.$inferInsert> = {},
  ) {
    const pack = await insertInvoice(companyId, {
      purpose: "pack",
      dueAt: null,
      paymentMethod: "stripe",
      paidAt: at("2026-01-03T09:00:00Z"),
    });
    const rows = await handle.db
      .insert(listingCredits)
      .values(
        Array.from({ length: count }, () => ({
          companyId,
          plan,
          invoiceId: pack.id,
          purchasedAt: at("2026-01-03T09:00:00Z"),
          expiresAt: at(expiresAt),
          ...change,
        })),
      )
      .returning({ id: listingCredits.id });
    return rows.map((row) => row.id);
  }

  const noticeTimes = async (ids: number[]) =>
    (
      await handle.db
        .select({ at: listingCredits.expiryNoticeAt })
        .from(listingCredits)
        .where(inArray(listingCredits.id, ids))
    ).map((row) => row.at);

  it("tell the owner and admins once per credit, by plan and day; credits bought later get their own mail", async () => {
    const acme = await team("Acme");
    const other = await team("Other");
    const soon = [
      ...(await insertCredits(acme.company.id, "sponsored", 2, "2027-01-03T09:00:00Z")),
      ...(await insertCredits(acme.company.id, "featured", 1, "2027-01-09T09:00:00Z")),
    ];
    const later = await insertCredits(acme.company.id, "sponsored", 1, "2027-02-20T09:00:00Z");
    const unusable = [
      ...(await insertCredits(acme.company.id, "sponsored", 1, "2027-01-03T09:00:00Z", {
        spentAt: at("2026-06-01T09:00:00Z"),
        spentOn: "listing",
      })),
      ...(await insertCredits(acme.company.id, "sponsored", 1, "2027-01-03T09:00:00Z", {
        revokedAt: at("2026-06-01T09:00:00Z"),
      })),
    ];
    const others = await insertCredits(other.company.id, "featured", 3, "2027-03-30T09:00:00Z");

    expect(await remind("2026-12-19T09:00:00Z")).toEqual(nothing);
    expect(await remind("2026-12-26T09:00:00Z")).toEqual({ ...nothing, credit_notices: 1 });
    expect(await remind("2026-12-27T09:00:00Z")).toEqual(nothing);

    for (const to of [acme.owner, acme.admin]) {
      const mail = await mailTo(to);
      expect(mail).toEqual([
        {
          template: "credits-expiring",
          to,
          props: {
            companyName: "Acme",
            credits: [
              {
                plan: "sponsored",
                planName: "Sponsored",
                count: 2,
                expiresAt: "2027-01-03T09:00:00.000Z",
              },
              {
                plan: "featured",
                planName: "Featured",
                count: 1,
                expiresAt: "2027-01-09T09:00:00.000Z",
              },
            ],
          },
        },
      ]);
      const rendered = await renderMail(mail[0]!);
      expect(rendered.subject).toBe("Your listing credits expire soon, the first on Jan 3, 2027");
      expect(rendered.text).toContain(
        "2 Sponsored listings expire on Jan 3, 2027: use them before then.",
      );
      expect(rendered.text).toContain(
        "1 Featured listing expires on Jan 9, 2027: use it before then.",
      );
    }
    expect(await noticeTimes(soon)).toEqual(Array(3).fill(at("2026-12-26T09:00:00Z")));
    expect(await noticeTimes([...later, ...unusable, ...others])).toEqual(Array(6).fill(null));

    // The later credit's own time comes; the other company's is still weeks away.
    expect(await remind("2027-02-08T09:00:00Z")).toEqual({ ...nothing, credit_notices: 1 });
    const [first, second] = await mailTo(acme.owner);
    expect(first!.template).toBe("credits-expiring");
    expect(second!.props).toEqual({
      companyName: "Acme",
      credits: [
        {
          plan: "sponsored",
          planName: "Sponsored",
          count: 1,
          expiresAt: "2027-02-20T09:00:00.000Z",
        },
      ],
    });
    expect((await renderMail(second!)).subject).toBe("1 Sponsored listing expires on Feb 20, 2027");

    expect(await noticeTimes(others)).toEqual([null, null, null]);
    for (const to of [acme.recruiter, acme.viewer, other.owner, other.admin]) {
      expect(await mailTo(to)).toEqual([]);
    }
  });
});
