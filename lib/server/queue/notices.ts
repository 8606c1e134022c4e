import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { companies, jobs, users } from "../db/schema";
import { planOf } from "../submissions/submissions-service";
import type { MailMessage } from "../mail/messages";

/** The mail an employer gets about their listing, as each moderation or payment step happens. */
export type ListingNotice =
  "listing-received" | "listing-approved" | "listing-rejected" | "payment-received";

/**
 * The message telling the employer who submitted job `jobId` what just happened to it, read in
 * `db` (the transaction that made it happen, so it tells of the change as made). None for a
 * listing with no submitter (the sample board, a deleted account) or one without an email.
 */
export async function listingNotice(
  db: Database,
  jobId: number,
  notice: ListingNotice,
): Promise<MailMessage[]> {
  const [row] = await db
    .select({
      jobId: jobs.id,
      slug: jobs.slug,
      title: jobs.title,
      companyName: companies.name,
      plan: jobs.plan,
      paymentStatus: jobs.paymentStatus,
      rejectionReason: jobs.rejectionReason,
      expiresAt: jobs.expiresAt,
      to: users.email,
    })
    .from(jobs)
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .innerJoin(users, eq(users.id, jobs.submittedBy))
    .where(eq(jobs.id, jobId));
  if (!row?.to) return [];
  const { to, jobId: id, title, companyName } = row;
  switch (notice) {
    case "listing-received":
      return [
        {
          template: notice,
          to,
          props: {
            jobId: id,
            title,
            companyName,
            awaitingPayment: row.paymentStatus === "awaiting_payment",
          },
        },
      ];
    case "listing-approved":
      return [
        {
          template: notice,
          to,
          props: {
            jobId: id,
            slug: row.slug,
            title,
            companyName,
            expiresAt: row.expiresAt.toISOString(),
          },
        },
      ];
    case "listing-rejected":
      return [
        {
          template: notice,
          to,
          props: { jobId: id, title, companyName, reason: row.rejectionReason ?? "" },
        },
      ];
    case "payment-received": {
      const plan = planOf(row.plan);
      return [
        {
          template: notice,
          to,
          props: {
            jobId: id,
            title,
            companyName,
            planName: plan.name,
            amountCents: plan.price * 100,
            currency: "usd",
          },
        },
      ];
    }
  }
}
