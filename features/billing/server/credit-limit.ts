import { and, asc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { CreditStanding } from "@/features/billing/api-schemas";
import { formatMoney } from "@/features/billing/documents";
import { rowsOf, type Database } from "@/lib/server/db/client";
import { companies, invoices, jobs, listingCredits } from "@/lib/server/db/schema";
import { conflict, notFound } from "@/lib/server/errors";
import { unpaidInvoice } from "./invoices";

/*
 * Money owed has a limit (issue 60). A company on invoice terms gets its pack's credits and its
 * upgrades before it pays; what it uses that way is limited by the credit limit a moderator sets
 * for it (zero by default: a pack's credits are usable, and an upgrade applies, once its invoice
 * is paid). An overdue invoice stops new spending, upgrades and orders on invoice until it is
 * paid. Every spend reads the standing with the company's row locked, so spends racing each
 * other see each other's use and never pass the limit together.
 *
 * What counts as used before payment: each spent credit of an unpaid pack, at its share of the
 * pack's total (rounded up, so shares never add up to less than the invoice), and each upgrade
 * applied whose invoice is unpaid.
 */

/** What the standing of a company as moderators and its admins see it says. */
export type Standing = CreditStanding & { companyId: number };

/** Each credit of an unpaid pack, at its share of the pack's total, rounded up. */
const creditShare = sql`ceil(${invoices.totalMinor}::numeric / (select count(*) from ${listingCredits} c where c.invoice_id = ${invoices.id}))`;

/** The standing of `companyId` at `now`, read in `db` (lock the company's row first to act on it). */
async function readStanding(db: Database, companyId: number, now: Date): Promise<Standing> {
  const [company] = await db
    .select({ limit: companies.creditLimitMinor })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!company) throw notFound("No such company");
  const nowIso = now.toISOString();
  const [owed] = rowsOf<{ outstanding: number; overdue: number; oldest: string | null }>(
    await db.execute(sql`
      select coalesce(sum(${invoices.totalMinor}), 0)::int as outstanding,
        coalesce(sum(${invoices.totalMinor}) filter (where ${invoices.dueAt} < ${nowIso}::timestamptz), 0)::int as overdue,
        (array_agg(${invoices.number} order by ${invoices.dueAt}, ${invoices.id})
          filter (where ${invoices.dueAt} < ${nowIso}::timestamptz))[1] as oldest
      from ${invoices}
      where ${invoices.companyId} = ${companyId} and ${unpaidInvoice}`),
  );
  const [credits] = await db
    .select({ used: sql<number>`coalesce(sum(${creditShare}), 0)::int`.mapWith(Number) })
    .from(listingCredits)
    .innerJoin(invoices, eq(invoices.id, listingCredits.invoiceId))
    .where(
      and(
        eq(listingCredits.companyId, companyId),
        isNotNull(listingCredits.spentAt),
        unpaidInvoice,
      ),
    );
  // An upgrade on an unpaid invoice is in use once applied: its listing is on the invoice's plan.
  const [upgrades] = await db
    .select({ used: sql<number>`coalesce(sum(${invoices.totalMinor}), 0)::int`.mapWith(Number) })
    .from(invoices)
    .innerJoin(jobs, eq(jobs.id, invoices.jobId))
    .where(
      and(
        eq(invoices.companyId, companyId),
        eq(invoices.purpose, "upgrade"),
        sql`${jobs.plan} = ${invoices.item}`,
        unpaidInvoice,
      ),
    );
  return {
    companyId,
    limit_minor: company.limit,
    outstanding_minor: Number(owed?.outstanding ?? 0),
    overdue_minor: Number(owed?.overdue ?? 0),
    in_use_minor: (credits?.used ?? 0) + (upgrades?.used ?? 0),
    overdue_invoice: owed?.oldest ?? null,
  };
}

/** The company's standing now, as its billing page and the moderators' list show it. */
export const creditStanding = (db: Database, companyId: number, now: Date = new Date()) =>
  readStanding(db, companyId, now);

/** The standing of `companyId`, its row locked until the transaction `tx` ends. */
export async function lockStanding(tx: Database, companyId: number, now: Date): Promise<Standing> {
  await tx
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, companyId))
    .for("update");
  return readStanding(tx, companyId, now);
}

/** 409 while the company has an overdue invoice: nothing new on credit until it is paid. */
export function refuseWhileOverdue(standing: Standing): void {
  if (standing.overdue_invoice) {
    throw conflict(
      `Invoice ${standing.overdue_invoice} is overdue: credits, upgrades and orders on invoice wait until it is paid`,
    );
  }
}

/** Whether `amountMinor` more may be used before payment within the company's limit. */
export const withinLimit = (standing: Standing, amountMinor: number) =>
  standing.in_use_minor + amountMinor <= standing.limit_minor;

/** The credit of an unpaid pack is worth this much of the limit. */
export async function shareOfCredit(tx: Database, creditId: number): Promise<number> {
  const [row] = await tx
    .select({ share: sql<number>`${creditShare}::int`.mapWith(Number) })
    .from(listingCredits)
    .innerJoin(invoices, eq(invoices.id, listingCredits.invoiceId))
    .where(eq(listingCredits.id, creditId));
  return row?.share ?? 0;
}

/** What the limit refuses, in words: the amount, and what to do. */
export const beyondLimit = (standing: Standing, what: string) =>
  conflict(
    standing.limit_minor === 0
      ? `${what} once its invoice is paid`
      : `${what} once its invoice is paid: your company may use ${formatMoney(standing.limit_minor, "usd")} before paying, and uses ${formatMoney(standing.in_use_minor, "usd")}`,
  );

/**
 * The company's standing, and its usable credits of unpaid packs that its limit does not cover
 * now (the soonest to expire are covered first). While an invoice is overdue, every credit waits.
 */
export async function creditsOnHold(db: Database, companyId: number, now: Date) {
  const standing = await readStanding(db, companyId, now);
  const unpaid = await db
    .select({
      id: listingCredits.id,
      plan: listingCredits.plan,
      share: sql<number>`${creditShare}::int`.mapWith(Number),
    })
    .from(listingCredits)
    .innerJoin(invoices, eq(invoices.id, listingCredits.invoiceId))
    .where(
      and(
        eq(listingCredits.companyId, companyId),
        isNull(listingCredits.spentAt),
        isNull(listingCredits.revokedAt),
        sql`(${listingCredits.expiresAt} is null or ${listingCredits.expiresAt} > ${now.toISOString()}::timestamptz)`,
        unpaidInvoice,
      ),
    )
    .orderBy(asc(listingCredits.expiresAt), asc(listingCredits.id));
  let room = standing.limit_minor - standing.in_use_minor;
  const held = unpaid.filter((credit) => {
    if (credit.share > room) return true;
    room -= credit.share;
    return false;
  });
  return { standing, held };
}

export type CreditsOnHold = Awaited<ReturnType<typeof creditsOnHold>>;

/** The company's credit limit set to `limitMinor`; null when there is no such company. */
export async function writeCreditLimit(tx: Database, companyId: number, limitMinor: number) {
  const [row] = await tx
    .update(companies)
    .set({ creditLimitMinor: limitMinor })
    .where(eq(companies.id, companyId))
    .returning({ id: companies.id, limit: companies.creditLimitMinor });
  return row ?? null;
}
