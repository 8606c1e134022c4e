import { and, desc, eq, inArray } from "drizzle-orm";
import { listingContactId } from "@/lib/server/auth/employer";
import type { Database } from "@/lib/server/db/client";
import { companies, invoices, jobs, users } from "@/lib/server/db/schema";
import { mailAddress } from "@/lib/server/users/mail-address";
import type { MailMessage, MailTemplates } from "@/lib/server/mail/messages";
import { planOf } from "@/features/billing/offer";
import { readOffer } from "@/features/billing/server/offer";

/** The mail an employer gets about their listing, as each step of its life happens. */
export type ListingNotice =
  | "listing-received"
  | "listing-approved"
  | "listing-rejected"
  | "listing-taken-down"
  | "listing-ending"
  | "listing-countries"
  | "listing-draft"
  | "payment-received";

type ListingRow = {
  jobId: number;
  slug: string;
  title: string;
  companyName: string;
  plan: string;
  paymentStatus: string;
  status: string;
  rejectionReason: string | null;
  expiresAt: Date;
  /** The plan's name as the offer says now. */
  planName: string;
  /** The plan's price as the offer says now, and the board's currency. */
  priceMinor: number;
  currency: string;
  /** What its latest listing or renewal invoice came to (payment-received's only). */
  paid: { totalMinor: number; currency: string } | null;
};

/** Each notice's props, from the listing as it now stands. */
const PROPS: { [N in ListingNotice]: (row: ListingRow) => MailTemplates[N] } = {
  "listing-received": ({ jobId, title, companyName, paymentStatus }) => ({
    jobId,
    title,
    companyName,
    awaitingPayment: paymentStatus === "awaiting_payment",
  }),
  "listing-approved": ({ jobId, slug, title, companyName, expiresAt }) => ({
    jobId,
    slug,
    title,
    companyName,
    expiresAt: expiresAt.toISOString(),
  }),
  "listing-rejected": ({ jobId, title, companyName, rejectionReason }) => ({
    jobId,
    title,
    companyName,
    reason: rejectionReason ?? "",
  }),
  "listing-taken-down": ({ jobId, title, companyName, rejectionReason }) => ({
    jobId,
    title,
    companyName,
    reason: rejectionReason ?? "",
  }),
  "listing-ending": ({ jobId, slug, title, companyName, expiresAt }) => ({
    jobId,
    slug,
    title,
    companyName,
    expiresAt: expiresAt.toISOString(),
  }),
  "listing-countries": ({ jobId, slug, title, companyName }) => ({
    jobId,
    slug,
    title,
    companyName,
  }),
  "listing-draft": ({ jobId, title, companyName, planName, priceMinor, currency }) => ({
    jobId,
    title,
    companyName,
    planName,
    priceMinor,
    currency,
  }),
  "payment-received": ({ jobId, title, companyName, planName, paid, status, expiresAt }) => ({
    jobId,
    title,
    companyName,
    planName,
    amountCents: paid?.totalMinor ?? 0,
    currency: paid?.currency ?? "usd",
    // Said as the listing stands (issue 61): one paid by transfer may have been live for weeks.
    next:
      status === "pending"
        ? "review"
        : status === "open" && expiresAt > new Date()
          ? "live"
          : "none",
  }),
};

/**
 * The messages telling the employers who submitted `jobIds` what just happened to them, read
 * in `db` (the transaction that made it happen, so they tell of the change as made). None for a
 * listing with no submitter (the sample board, a deleted account) or one without an email.
 */
export async function listingNotices(
  db: Database,
  jobIds: readonly number[],
  notice: ListingNotice,
): Promise<MailMessage[]> {
  if (jobIds.length === 0) return [];
  const rows = await db
    .select({
      jobId: jobs.id,
      slug: jobs.slug,
      title: jobs.title,
      companyName: companies.name,
      plan: jobs.plan,
      paymentStatus: jobs.paymentStatus,
      status: jobs.status,
      rejectionReason: jobs.rejectionReason,
      expiresAt: jobs.expiresAt,
      to: mailAddress,
    })
    .from(jobs)
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .innerJoin(users, eq(users.id, listingContactId))
    .where(inArray(jobs.id, [...jobIds]));
  const offer = await readOffer(db);
  const paid = notice === "payment-received" ? await lastPaid(db, jobIds) : new Map();
  return rows.flatMap(({ to, ...row }) => {
    if (!to) return [];
    const plan = planOf(offer, row.plan);
    const props = PROPS[notice]({
      ...row,
      planName: plan?.name ?? row.plan,
      priceMinor: plan?.price_minor ?? 0,
      currency: offer.currency,
      paid: paid.get(row.jobId) ?? null,
    });
    return [{ template: notice, to, props } as MailMessage];
  });
}

/** Each listing's latest invoice for its posting or renewal: what its payment came to. */
async function lastPaid(db: Database, jobIds: readonly number[]) {
  const rows = await db
    .selectDistinctOn([invoices.jobId], {
      jobId: invoices.jobId,
      totalMinor: invoices.totalMinor,
      currency: invoices.currency,
    })
    .from(invoices)
    .where(
      and(
        inArray(invoices.jobId, [...jobIds]),
        eq(invoices.kind, "invoice"),
        inArray(invoices.purpose, ["listing", "renewal"]),
      ),
    )
    .orderBy(invoices.jobId, desc(invoices.issuedAt), desc(invoices.id));
  return new Map(rows.map(({ jobId, ...paid }) => [jobId!, paid]));
}
