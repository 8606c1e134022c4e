import { and, gt, gte, isNotNull, isNull, lt, lte, sql, type SQL } from "drizzle-orm";
import type { PgBoss } from "pg-boss";
import { planOf, type Offer, type PaidPlanId } from "@/features/billing/offer";
import { readOffer } from "./offer";
import type { Database } from "@/lib/server/db/client";
import { invoices, listingCredits, subscriptionInvoices } from "@/lib/server/db/schema";
import type { MailMessage, MailTemplates } from "@/lib/server/mail/messages";
import { enqueueMails } from "@/lib/server/queue/queue";
import { adminRecipients } from "@/lib/server/users/company-admins";
import { unpaidInvoice } from "./invoices";

/*
 * What the billing-reminders task tells (issue 45). An invoice to pay by transfer is recalled
 * to the company a week before its due day and on the day, and flagged for the moderators once
 * past due (they decide what follows: no mail says it). Listing credits are recalled two weeks
 * before they expire. Each is marked in the transaction that queues its mail, so a run that
 * comes late (a worker down for a while) sends what was missed once, and a second run nothing.
 * Days are UTC days, as the invoice prints its due date.
 */

/** How many days before an invoice's due day its company is reminded. */
export const REMINDER_DAYS = 7;

/** How many days before listing credits expire their company is told. */
export const CREDIT_NOTICE_DAYS = 14;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Midnight UTC of `now`'s day, moved by `days`. */
const dayStart = (now: Date, days = 0) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + days * DAY_MS);

/** An invoice still to be paid by its due date: neither paid nor credited. */
const unpaid = and(unpaidInvoice, isNotNull(invoices.dueAt));

/**
 * Marks (`told`) the unpaid invoices `due` picks that were not told yet and queues their mail,
 * in one transaction; answers how many invoices were told.
 */
async function queueInvoiceNotices(
  db: Database,
  boss: PgBoss,
  now: Date,
  when: MailTemplates["invoice-reminder"]["when"],
  told: "reminderSentAt" | "dueNoticeSentAt",
  due: SQL | undefined,
): Promise<number> {
  return db.transaction(async (tx) => {
    const marked = await tx
      .update(invoices)
      .set({ [told]: now })
      .where(and(unpaid, isNull(invoices[told]), due))
      .returning({
        companyId: invoices.companyId,
        number: invoices.number,
        dueAt: invoices.dueAt,
        totalMinor: invoices.totalMinor,
        currency: invoices.currency,
      });
    const recipients = await adminRecipients(
      tx,
      marked.map((invoice) => invoice.companyId),
    );
    const mail = marked.flatMap((invoice) =>
      recipients
        .filter((recipient) => recipient.companyId === invoice.companyId)
        .map((recipient): MailMessage => ({
          template: "invoice-reminder",
          to: recipient.to,
          props: {
            invoiceNumber: invoice.number,
            companyName: recipient.companyName,
            when,
            dueAt: invoice.dueAt!.toISOString(),
            amountMinor: invoice.totalMinor,
            currency: invoice.currency,
          },
        })),
    );
    await enqueueMails(boss, mail, tx);
    return marked.length;
  });
}

/**
 * Reminds companies of invoices due within REMINDER_DAYS (not today: that is the due notice)
 * and tells them of those due today: once each. One issued less than a week before its due day
 * is reminded at the next run; one whose due day has passed is not reminded at all.
 */
export async function queueInvoiceReminders(db: Database, boss: PgBoss, now: Date) {
  const [today, tomorrow] = [dayStart(now), dayStart(now, 1)];
  return {
    reminders: await queueInvoiceNotices(
      db,
      boss,
      now,
      "soon",
      "reminderSentAt",
      and(gte(invoices.dueAt, tomorrow), lt(invoices.dueAt, dayStart(now, REMINDER_DAYS + 1))),
    ),
    due_notices: await queueInvoiceNotices(
      db,
      boss,
      now,
      "today",
      "dueNoticeSentAt",
      and(gte(invoices.dueAt, today), lt(invoices.dueAt, tomorrow)),
    ),
  };
}

/**
 * Flags the invoices past their due date and still unpaid, once, for the moderators (their
 * counts on /review); answers how many were newly flagged. Past due as the invoice's status says
 * it (statusOf): from its due_at on.
 */
export async function flagOverdueInvoices(db: Database, now: Date): Promise<number> {
  const flagged = await db
    .update(invoices)
    .set({ overdueAt: now })
    .where(and(unpaid, lt(invoices.dueAt, now), isNull(invoices.overdueAt)))
    .returning({ id: invoices.id });
  return flagged.length;
}

type CreditCounts = MailTemplates["credits-expiring"]["credits"];

/** A company's credits as its mail counts them: by plan and UTC day, soonest first. */
function countByPlanAndDay(
  credits: { plan: PaidPlanId; expiresAt: Date }[],
  offer: Offer,
): CreditCounts {
  const groups = new Map<string, CreditCounts[number]>();
  // Soonest first, so each day's group carries its earliest moment.
  for (const { plan, expiresAt } of credits.toSorted((a, b) => +a.expiresAt - +b.expiresAt)) {
    const key = `${expiresAt.toISOString().slice(0, 10)} ${plan}`;
    const group = groups.get(key);
    if (group) group.count += 1;
    else {
      const planName = planOf(offer, plan)?.name ?? plan;
      groups.set(key, { plan, planName, count: 1, expiresAt: expiresAt.toISOString() });
    }
  }
  return [...groups.values()];
}

/**
 * Tells each company whose usable credits expire within CREDIT_NOTICE_DAYS, in one mail per
 * recipient, of every such credit not told of before; marks them in the same transaction.
 * Credits bought later come into their own window and their own mail. Answers how many
 * companies were told.
 */
export async function queueCreditExpiryNotices(
  db: Database,
  boss: PgBoss,
  now: Date,
): Promise<number> {
  return db.transaction(async (tx) => {
    // Spending locks the credit first (credits.ts), so one being spent now is spent or told of.
    const marked = await tx
      .update(listingCredits)
      .set({ expiryNoticeAt: now })
      .where(
        and(
          isNull(listingCredits.spentAt),
          isNull(listingCredits.revokedAt),
          gt(listingCredits.expiresAt, now),
          lte(listingCredits.expiresAt, new Date(now.getTime() + CREDIT_NOTICE_DAYS * DAY_MS)),
          isNull(listingCredits.expiryNoticeAt),
          // A subscription's credits end with each period, which its plan says: no notice.
          sql`not exists (select 1 from ${subscriptionInvoices} where ${subscriptionInvoices.invoiceId} = ${listingCredits.invoiceId})`,
        ),
      )
      .returning({
        companyId: listingCredits.companyId,
        plan: listingCredits.plan,
        expiresAt: listingCredits.expiresAt,
      });
    const companyIds = [...new Set(marked.map((credit) => credit.companyId))];
    const recipients = await adminRecipients(tx, companyIds);
    const offer = await readOffer(tx);
    const mail = companyIds.flatMap((companyId) => {
      const credits = countByPlanAndDay(
        marked.flatMap((credit) =>
          credit.companyId === companyId && credit.expiresAt
            ? [{ ...credit, expiresAt: credit.expiresAt }]
            : [],
        ),
        offer,
      );
      return recipients
        .filter((recipient) => recipient.companyId === companyId)
        .map((recipient): MailMessage => ({
          template: "credits-expiring",
          to: recipient.to,
          props: { companyName: recipient.companyName, credits },
        }));
    });
    await enqueueMails(boss, mail, tx);
    return companyIds.length;
  });
}

/** The billing-reminders task's run: invoices' reminders, overdue flags and credits' notices. */
export async function runBillingReminders(db: Database, boss: PgBoss, now: Date) {
  return {
    ...(await queueInvoiceReminders(db, boss, now)),
    overdue: await flagOverdueInvoices(db, now),
    credit_notices: await queueCreditExpiryNotices(db, boss, now),
  };
}
