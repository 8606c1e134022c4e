import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  min,
  or,
  sql,
} from "drizzle-orm";
import type { CreditBalance, CreditState } from "@/features/billing/api-schemas";
import type { PaidPlanId } from "@/features/billing/offer";
import type { Database } from "@/lib/server/db/client";
import { invoices, jobs, listingCredits } from "@/lib/server/db/schema";
import { conflict } from "@/lib/server/errors";
import {
  beyondLimit,
  creditsOnHold,
  lockStanding,
  type CreditsOnHold,
  refuseWhileOverdue,
  shareOfCredit,
  withinLimit,
} from "./credit-limit";
import { listingPlanNamed } from "./offer";

/*
 * Listing credits (issue 45): a pack's listings, owned by the company, spent oldest first (the
 * soonest to expire) by anyone in it who may post. Spending locks the credit it takes and skips
 * those others hold, so two members spending the last one at once: one gets it, the other is
 * told none is left. A listing not approved gives its credit back once; a credit given back and
 * spent again is not given back a second time, and one spent on a listing that went live stays
 * spent whatever becomes of the listing.
 */

/** A credit's life from purchase: its pack's months. */
export function creditExpiry(purchasedAt: Date, months: number): Date {
  const expiry = new Date(purchasedAt);
  expiry.setUTCMonth(expiry.getUTCMonth() + months);
  return expiry;
}

/** Adds a pack's (or a subscription period's) credits, in the transaction that issues its invoice. */
export async function grantCredits(
  tx: Database,
  grant: {
    companyId: number;
    invoiceId: number;
    plan: PaidPlanId;
    count: number;
    at: Date;
  } & (
    | { months: number }
    /** A subscription period's: its end, or null when they roll over (never expire). */
    | { expiresAt: Date | null }
  ),
) {
  const expiresAt = "months" in grant ? creditExpiry(grant.at, grant.months) : grant.expiresAt;
  await tx.insert(listingCredits).values(
    Array.from({ length: grant.count }, () => ({
      companyId: grant.companyId,
      invoiceId: grant.invoiceId,
      plan: grant.plan,
      purchasedAt: grant.at,
      expiresAt,
    })),
  );
}

/** Credits that can be spent now: neither spent, taken back nor expired. */
const usable = (now: Date) =>
  and(
    isNull(listingCredits.spentAt),
    isNull(listingCredits.revokedAt),
    or(isNull(listingCredits.expiresAt), gt(listingCredits.expiresAt, now)),
  );

/**
 * Spends the company's oldest usable credit of `plan` on a listing; 409 when none is left.
 * Call it in the transaction that posts, renews or upgrades the listing.
 */
export async function spendCredit(
  tx: Database,
  spend: {
    companyId: number;
    plan: PaidPlanId;
    jobId: number;
    on: "listing" | "renewal" | "upgrade";
    userId: number;
    now: Date;
  },
): Promise<number> {
  // The company's row is locked first: spends racing each other read each other's use.
  const standing = await lockStanding(tx, spend.companyId, spend.now);
  refuseWhileOverdue(standing);
  // Paid credits first; one of an unpaid pack only within the company's credit limit.
  const [credit] = await tx
    .select({ id: listingCredits.id, number: invoices.number, paid: isNotNull(invoices.paidAt) })
    .from(listingCredits)
    .innerJoin(invoices, eq(invoices.id, listingCredits.invoiceId))
    .where(
      and(
        eq(listingCredits.companyId, spend.companyId),
        eq(listingCredits.plan, spend.plan),
        usable(spend.now),
      ),
    )
    .orderBy(
      desc(isNotNull(invoices.paidAt)),
      asc(listingCredits.expiresAt),
      asc(listingCredits.id),
    )
    .limit(1)
    .for("update", { of: listingCredits, skipLocked: true });
  const name = (await listingPlanNamed(tx, spend.plan))?.name ?? spend.plan;
  if (!credit) {
    throw conflict(
      `No ${name} credit is left: buy a pack on the Billing page, or pay for this listing`,
    );
  }
  if (!credit.paid && !withinLimit(standing, await shareOfCredit(tx, credit.id))) {
    throw beyondLimit(standing, `Your ${name} credits of invoice ${credit.number} can be used`);
  }
  await tx
    .update(listingCredits)
    .set({ spentAt: spend.now, spentOn: spend.on, jobId: spend.jobId, spentBy: spend.userId })
    .where(eq(listingCredits.id, credit.id));
  return credit.id;
}

/**
 * Gives back the credit a listing was posted with, when a moderator does not approve it: once
 * per credit. True when one came back.
 */
export async function returnCredit(tx: Database, jobId: number, now: Date): Promise<boolean> {
  const returned = await tx
    .update(listingCredits)
    .set({ spentAt: null, spentOn: null, jobId: null, spentBy: null, returnedAt: now })
    .where(
      and(
        eq(listingCredits.jobId, jobId),
        eq(listingCredits.spentOn, "listing"),
        isNull(listingCredits.returnedAt),
        isNull(listingCredits.revokedAt),
      ),
    )
    .returning({ id: listingCredits.id });
  return returned.length > 0;
}

/**
 * The company's credits of each plan it can spend now, the soonest expiry among them, and how
 * many more wait for payment (an unpaid pack's beyond its credit limit; all, while an invoice is
 * overdue).
 */
export async function creditBalance(
  db: Database,
  companyId: number | null,
  now: Date = new Date(),
  hold?: CreditsOnHold,
): Promise<CreditBalance> {
  const balance: CreditBalance = { by_plan: {}, next_expiry: null, on_hold: 0 };
  if (companyId === null) return balance;
  const rows = await db
    .select({ plan: listingCredits.plan, left: count(), next: min(listingCredits.expiresAt) })
    .from(listingCredits)
    .where(and(eq(listingCredits.companyId, companyId), usable(now)))
    .groupBy(listingCredits.plan);
  const { standing, held } = hold ?? (await creditsOnHold(db, companyId, now));
  for (const row of rows) {
    const onHold = standing.overdue_invoice
      ? Number(row.left)
      : held.filter((credit) => credit.plan === row.plan).length;
    const left = Number(row.left) - onHold;
    if (left > 0) balance.by_plan[row.plan] = left;
    balance.on_hold += onHold;
    const next = row.next ? new Date(row.next) : null;
    if (left > 0 && next && (!balance.next_expiry || next.toISOString() < balance.next_expiry)) {
      balance.next_expiry = next.toISOString();
    }
  }
  return balance;
}

const stateOf = (
  row: { spentAt: Date | null; revokedAt: Date | null; expiresAt: Date | null },
  now: Date,
  onHold: boolean,
): CreditState => {
  if (row.spentAt) return "spent";
  if (row.revokedAt) return "revoked";
  if (row.expiresAt && row.expiresAt <= now) return "expired";
  return onHold ? "on_hold" : "available";
};

/** Every credit the company bought, newest first, for its Billing page. */
export async function companyCredits(
  db: Database,
  companyId: number,
  now: Date = new Date(),
  hold?: CreditsOnHold,
) {
  const rows = await db
    .select({
      id: listingCredits.id,
      plan: listingCredits.plan,
      purchasedAt: listingCredits.purchasedAt,
      expiresAt: listingCredits.expiresAt,
      spentAt: listingCredits.spentAt,
      revokedAt: listingCredits.revokedAt,
      returnedAt: listingCredits.returnedAt,
      jobId: listingCredits.jobId,
      jobTitle: jobs.title,
      invoiceNumber: invoices.number,
    })
    .from(listingCredits)
    .innerJoin(invoices, eq(invoices.id, listingCredits.invoiceId))
    .leftJoin(jobs, eq(jobs.id, listingCredits.jobId))
    .where(eq(listingCredits.companyId, companyId))
    .orderBy(desc(listingCredits.purchasedAt), asc(listingCredits.id));
  const { standing, held } = hold ?? (await creditsOnHold(db, companyId, now));
  const heldIds = new Set(held.map((credit) => credit.id));
  return rows.map((row) => ({
    id: row.id,
    plan: row.plan,
    state: stateOf(row, now, standing.overdue_invoice !== null || heldIds.has(row.id)),
    purchased_at: row.purchasedAt.toISOString(),
    expires_at: row.expiresAt?.toISOString() ?? null,
    invoice_number: row.invoiceNumber,
    spent_at: row.spentAt?.toISOString() ?? null,
    job_id: row.jobId,
    job_title: row.jobTitle,
    returned: row.returnedAt !== null,
  }));
}

/**
 * Takes back a pack's credits not yet spent nor expired (its refund): how many. Locked first, so a credit
 * being spent at this moment is either spent or taken back, never both.
 */
/** How many credits an invoice (a pack's) gave. */
export async function creditsOfInvoice(tx: Database, invoiceId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(listingCredits)
    .where(eq(listingCredits.invoiceId, invoiceId));
  return Number(row?.n ?? 0);
}

export async function revokeUnspent(tx: Database, invoiceId: number, now: Date) {
  const unspent = await tx
    .select({ id: listingCredits.id })
    .from(listingCredits)
    .where(and(eq(listingCredits.invoiceId, invoiceId), usable(now)))
    .for("update");
  if (unspent.length === 0) return 0;
  await tx
    .update(listingCredits)
    .set({ revokedAt: now })
    .where(
      sql`${listingCredits.id} in (${sql.join(
        unspent.map((row) => sql`${row.id}`),
        sql`, `,
      )})`,
    );
  return unspent.length;
}

/**
 * Ends now the credits of `invoiceIds` not yet spent and due to expire later (a subscription's
 * period ended early by a change of interval, issue 63); credits that never expire (rolled over)
 * are left. Answers how many.
 */
export async function expireUnspent(tx: Database, invoiceIds: number[], now: Date) {
  if (invoiceIds.length === 0) return 0;
  const ended = await tx
    .update(listingCredits)
    .set({ expiresAt: now })
    .where(
      and(
        inArray(listingCredits.invoiceId, invoiceIds),
        isNull(listingCredits.spentAt),
        isNull(listingCredits.revokedAt),
        gt(listingCredits.expiresAt, now),
      ),
    )
    .returning({ id: listingCredits.id });
  return ended.length;
}
