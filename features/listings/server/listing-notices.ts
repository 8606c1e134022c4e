import { eq, inArray } from "drizzle-orm";
import { listingContactId } from "@/lib/server/auth/employer";
import type { Database } from "@/lib/server/db/client";
import { companies, jobs, users } from "@/lib/server/db/schema";
import { mailAddress } from "@/lib/server/users/mail-address";
import type { MailMessage, MailTemplates } from "@/lib/server/mail/messages";
import { planOf } from "./listings";

/** The mail an employer gets about their listing, as each step of its life happens. */
export type ListingNotice =
  | "listing-received"
  | "listing-approved"
  | "listing-rejected"
  | "listing-taken-down"
  | "listing-ending"
  | "listing-countries"
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
  "payment-received": ({ jobId, title, companyName, plan, status, expiresAt }) => ({
    jobId,
    title,
    companyName,
    planName: planOf(plan).name,
    amountCents: planOf(plan).price * 100,
    currency: "usd",
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
  return rows.flatMap(({ to, ...row }) =>
    to ? [{ template: notice, to, props: PROPS[notice](row) } as MailMessage] : [],
  );
}
