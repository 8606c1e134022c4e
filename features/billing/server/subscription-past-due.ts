import { and, asc, eq, inArray, isNotNull, lt, or } from "drizzle-orm";
import type { PgBoss } from "pg-boss";
import { recordAudit } from "@/lib/server/audit/audit";
import type { Database } from "@/lib/server/db/client";
import { companySubscriptions, invoices, subscriptionInvoices } from "@/lib/server/db/schema";
import type { MailMessage, MailTemplates } from "@/lib/server/mail/messages";
import { enqueueMails } from "@/lib/server/queue/queue";
import { adminRecipients } from "@/lib/server/users/company-admins";
import { unpaidInvoice, type InvoiceRow } from "./invoices";
import { REMINDER_DAYS } from "./reminders";
import {
  graceEnd,
  SUBSCRIPTION_GRACE_DAYS,
  subscriptionPlanNamed,
  SYSTEM_ACTOR,
  type SubscriptionRow,
} from "./subscriptions";

/*
 * An unpaid period ends a subscription on invoice (issue 63), as Stripe's last retry ends one by
 * card. Once one of its invoices is unpaid past its due date (the company's terms), it is
 * past_due: no next period is invoiced, and the owner and admins are told (with the invoice and
 * the day it ends); the invoice's own reminders (a week before its due day, on the day) came
 * before, and a last one comes REMINDER_DAYS before the end. SUBSCRIPTION_GRACE_DAYS after the
 * due date it ends: no more credits, no next period. The invoice stays owed, so the listings it
 * gave stay the company's until their period's end (usable once it is paid: an overdue invoice
 * holds every credit, credit-limit.ts). Paid before the end (a moderator marks it), it is active
 * again and the next period is invoiced on the task's next run. Each subscription is reviewed
 * with its row locked and each step marked on it (status, the reminder's time), so a run twice
 * or two at once tell and end once.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** The oldest invoice of the subscription unpaid past its due date, if any. */
async function oldestOverdue(tx: Database, subscriptionId: number, now: Date) {
  const [row] = await tx
    .select({ invoice: invoices })
    .from(subscriptionInvoices)
    .innerJoin(invoices, eq(invoices.id, subscriptionInvoices.invoiceId))
    .where(
      and(
        eq(subscriptionInvoices.subscriptionId, subscriptionId),
        unpaidInvoice,
        isNotNull(invoices.dueAt),
        lt(invoices.dueAt, now),
      ),
    )
    .orderBy(asc(invoices.dueAt), asc(invoices.id))
    .limit(1);
  return row?.invoice;
}

type Stage = MailTemplates["subscription-past-due"]["stage"];

async function tell(tx: Database, row: SubscriptionRow, invoice: InvoiceRow, stage: Stage) {
  const plan = (await subscriptionPlanNamed(tx, row.plan))!;
  const recipients = await adminRecipients(tx, [row.companyId]);
  return recipients.map((recipient): MailMessage => ({
    template: "subscription-past-due",
    to: recipient.to,
    props: {
      companyName: recipient.companyName,
      planName: plan.name,
      invoiceNumber: invoice.number,
      amountMinor: invoice.totalMinor,
      currency: invoice.currency,
      dueAt: invoice.dueAt!.toISOString(),
      endsAt: graceEnd(invoice.dueAt!).toISOString(),
      stage,
    },
  }));
}

type Step = "past_due" | "reminded" | "ended" | "active" | null;

/**
 * Brings one subscription on invoice (its row locked in `tx`) to where its invoices put it:
 * past_due, reminded, ended, or active again; the step taken and the mail to send.
 */
async function review(
  tx: Database,
  row: SubscriptionRow,
  now: Date,
): Promise<{ step: Step; mail: MailMessage[] }> {
  if (row.paymentMethod !== "transfer" || row.status === "canceled")
    return { step: null, mail: [] };
  const overdue = await oldestOverdue(tx, row.id, now);
  const set = (values: Partial<SubscriptionRow>) =>
    tx
      .update(companySubscriptions)
      .set({ ...values, updatedAt: now })
      .where(eq(companySubscriptions.id, row.id));
  const audit = (action: string, detail: Record<string, unknown>) =>
    recordAudit(tx, SYSTEM_ACTOR, {
      action,
      subjectType: "subscription",
      subjectId: row.id,
      companyId: row.companyId,
      detail: { plan: row.plan, ...detail },
    });
  if (!overdue) {
    if (row.status !== "past_due") return { step: null, mail: [] };
    await set({ status: "active", pastDueInvoiceId: null, graceReminderAt: null });
    await audit("subscription.resume", {});
    return { step: "active", mail: [] };
  }
  const endsAt = graceEnd(overdue.dueAt!);
  const detail = { number: overdue.number, ends_at: endsAt.toISOString() };
  if (now >= endsAt) {
    await set({ status: "canceled", canceledAt: now, pastDueInvoiceId: overdue.id });
    await audit("subscription.end", { ...detail, reason: "unpaid" });
    return { step: "ended", mail: await tell(tx, row, overdue, "ended") };
  }
  if (row.status !== "past_due" || row.pastDueInvoiceId !== overdue.id) {
    await set({ status: "past_due", pastDueInvoiceId: overdue.id, graceReminderAt: null });
    await audit("subscription.past_due", detail);
    return { step: "past_due", mail: await tell(tx, row, overdue, "past_due") };
  }
  if (row.graceReminderAt === null && now.getTime() >= endsAt.getTime() - REMINDER_DAYS * DAY_MS) {
    await set({ graceReminderAt: now });
    return { step: "reminded", mail: await tell(tx, row, overdue, "reminder") };
  }
  return { step: null, mail: [] };
}

async function lockRow(tx: Database, id: number) {
  const [row] = await tx
    .select()
    .from(companySubscriptions)
    .where(eq(companySubscriptions.id, id))
    .for("update");
  return row;
}

/**
 * The subscription-periods task's first step: every live subscription on invoice with an invoice
 * unpaid past its due date, or past_due, is reviewed (each in its own transaction, its mail
 * queued there). Answers how many became past due, were reminded, ended, or are active again.
 */
export async function enforceUnpaidSubscriptions(db: Database, boss: PgBoss, now: Date) {
  const candidates = await db
    .selectDistinct({ id: companySubscriptions.id })
    .from(companySubscriptions)
    .leftJoin(
      subscriptionInvoices,
      eq(subscriptionInvoices.subscriptionId, companySubscriptions.id),
    )
    .leftJoin(invoices, eq(invoices.id, subscriptionInvoices.invoiceId))
    .where(
      and(
        eq(companySubscriptions.paymentMethod, "transfer"),
        inArray(companySubscriptions.status, ["active", "past_due"]),
        or(
          eq(companySubscriptions.status, "past_due"),
          and(unpaidInvoice, isNotNull(invoices.dueAt), lt(invoices.dueAt, now)),
        ),
      ),
    );
  const counts = { past_due: 0, reminded: 0, ended_unpaid: 0, resumed: 0 };
  for (const { id } of candidates) {
    const step = await db.transaction(async (tx) => {
      const row = await lockRow(tx, id);
      if (!row) return null;
      const outcome = await review(tx, row, now);
      await enqueueMails(boss, outcome.mail, tx);
      return outcome.step;
    });
    if (step === "active") counts.resumed += 1;
    else if (step === "ended") counts.ended_unpaid += 1;
    else if (step !== null) counts[step] += 1;
  }
  return counts;
}

/**
 * A moderator recorded `invoice` paid (in `tx`): a subscription it made past due is active again
 * at once, unless another of its invoices is overdue too. The mail to send with it, if any.
 */
export async function subscriptionInvoiceSettled(tx: Database, invoice: InvoiceRow, now: Date) {
  if (invoice.purpose !== "subscription") return [];
  const [owner] = await tx
    .select({ id: subscriptionInvoices.subscriptionId })
    .from(subscriptionInvoices)
    .where(eq(subscriptionInvoices.invoiceId, invoice.id));
  const row = owner && (await lockRow(tx, owner.id));
  if (!row || row.status !== "past_due") return [];
  return (await review(tx, row, now)).mail;
}

export { SUBSCRIPTION_GRACE_DAYS };
