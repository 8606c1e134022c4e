import { and, asc, eq, ne } from "drizzle-orm";
import type { JobStatus, PaymentStatus } from "@/features/jobs/constants";
import { readOffer } from "@/features/billing/server/offer";
import { keptDiscounts } from "@/features/billing/server/coupons";
import type { ModerationDecision } from "@/features/listings/review-schemas";
import { listingState } from "@/features/listings/states";
import type { DraftItem, ReviewItem, ReviewQueue } from "@/features/listings/types";
import { planOf } from "@/features/billing/offer";
import type { Database } from "@/lib/server/db/client";
import { companies, jobs, listingPlans, users } from "@/lib/server/db/schema";
import { conflict, notFound } from "@/lib/server/errors";
import { jobFields, summaryColumns } from "@/features/jobs/server/jobs";
import {
  approvalDates,
  pendingPostingIssues,
  refusalMessage,
} from "@/features/listings/server/job-posting-check";
import { giveBackPayment } from "@/features/listings/server/listing-payment";
import {
  approveListing,
  rejectListing,
  setPaymentStatus,
} from "@/features/listings/server/listing-state";
import { applyCompanyProposal } from "@/features/companies/server/company-records";
import { settleListingInvoice } from "./invoices";

/*
 * The review queue (moderators): the listings waiting for a moderator's word, and the word:
 * approve, reject, or mark its invoice paid.
 */

// A job's own columns as lists select them, without those a pending listing does not have yet.
const { companySlug, sponsored, publishedAt, ...jobColumns } = summaryColumns;

const reviewColumns = {
  ...jobColumns,
  companyWebsite: companies.website,
  companyLogoUrl: companies.logoUrl,
  companyAbout: companies.about,
  description: jobs.description,
  applyUrl: jobs.applyUrl,
  applyEmail: jobs.applyEmail,
  applyMethod: jobs.applyMethod,
  screeningQuestions: jobs.screeningQuestions,
  applicationsCloseAt: jobs.applicationsCloseAt,
  plan: jobs.plan,
  planName: listingPlans.name,
  status: jobs.status,
  paymentStatus: jobs.paymentStatus,
  createdAt: jobs.createdAt,
  expiresAt: jobs.expiresAt,
  submitterEmail: users.email,
  submitterName: users.fullName,
  submitterId: users.id,
  companyProposal: jobs.companyProposal,
  couponCode: jobs.couponCode,
};

/**
 * Every pending listing: those waiting for a moderator, and those waiting for payment. Each
 * carries what Google's rules for job postings find in the page it would have if approved now.
 */
export async function reviewQueue(db: Database, now: Date = new Date()): Promise<ReviewQueue> {
  const rows = await db
    .select(reviewColumns)
    .from(jobs)
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .leftJoin(users, eq(users.id, jobs.submittedBy))
    .innerJoin(listingPlans, eq(listingPlans.slug, jobs.plan))
    .where(eq(jobs.status, "pending"))
    .orderBy(asc(jobs.createdAt), asc(jobs.id))
    .limit(500);
  const issues = await pendingPostingIssues(
    db,
    rows.map((row) => row.id),
    now,
  );
  const items: ReviewItem[] = rows.map((row) => ({
    ...jobFields(row),
    company: {
      name: row.companyName,
      website: row.companyWebsite,
      logo_url: row.companyLogoUrl,
      about: row.companyAbout,
    },
    company_change: row.companyProposal && {
      name: row.companyProposal.name,
      website: row.companyProposal.website,
      logo_url: row.companyProposal.logoUrl,
      about: row.companyProposal.about,
    },
    description: row.description,
    apply_url: row.applyUrl,
    apply_email: row.applyEmail,
    apply_method: row.applyMethod,
    screening_questions: row.screeningQuestions,
    applications_close_at: row.applicationsCloseAt?.toISOString() ?? null,
    plan: row.plan,
    plan_name: row.planName,
    payment_status: row.paymentStatus,
    state: listingState(row),
    submitted_at: row.createdAt.toISOString(),
    submitter:
      row.submitterId === null ? null : { email: row.submitterEmail, name: row.submitterName },
    posting_issues: issues.get(row.id) ?? [],
  }));
  // Held drafts (issue 63) with their value: each plan's price as the offer says now, less the
  // discount of the coupon kept for its checkout (billing's own sum of it).
  const offer = await readOffer(db);
  const held = items.filter((item) => item.state === "awaiting_payment");
  const codes = new Map(rows.map((row) => [row.id, row.couponCode]));
  const prices = held.map((item) => planOf(offer, item.plan)?.price_minor ?? 0);
  const discounts = await keptDiscounts(
    db,
    held.map((item, index) => ({
      code: codes.get(item.id) ?? null,
      items: [{ description: item.plan_name, quantity: 1, unitMinor: prices[index]! }],
    })),
    now,
  );
  const drafts: DraftItem[] = held.map((item, index) => {
    const discount = discounts[index] ?? null;
    return {
      ...item,
      price_minor: prices[index]!,
      coupon: discount && { code: discount.code, discount_minor: discount.discountMinor },
      value_minor: prices[index]! - (discount?.discountMinor ?? 0),
    };
  });
  return {
    pending: items.filter((item) => item.state === "in_review"),
    awaiting_payment: drafts,
    drafts_value_minor: drafts.reduce((sum, draft) => sum + draft.value_minor, 0),
    currency: offer.currency,
  };
}

/** Why a decision cannot be taken on a listing in this state: 409 with the reason. */
async function conflictFor(db: Database, jobId: number, decision: ModerationDecision["decision"]) {
  const [row] = await db
    .select({ status: jobs.status, paymentStatus: jobs.paymentStatus })
    .from(jobs)
    .where(eq(jobs.id, jobId));
  if (!row) return notFound("There is no listing with this id");
  if (decision === "mark_paid") {
    return conflict("Only a listing with an invoice due can be marked paid");
  }
  if (row.status !== "pending") return conflict("This listing was already reviewed");
  return conflict("This listing is waiting for its checkout payment");
}

/**
 * A moderator's decision on a pending listing. Approval publishes it for its plan's days from
 * now; rejection keeps it off the board with the reason, which its employer sees. Answers the
 * listing's id, status and payment status; 409 when its state does not allow the decision, and
 * for an approval while Google's rules for job postings find an error in the page it would
 * have (Google's job search would leave it out: the employer must change it). An approval also
 * applies the company details the submission proposed (the moderator saw them with it); the
 * company's id is answered when it changed, so that its listings' pages are dropped.
 */
export async function decide(
  db: Database,
  jobId: number,
  decision: ModerationDecision,
  moderatorEmail: string,
  now: Date = new Date(),
): Promise<{
  id: number;
  status: JobStatus;
  payment_status: PaymentStatus;
  changedCompanyId: number | null;
}> {
  const reviewable = and(
    eq(jobs.id, jobId),
    eq(jobs.status, "pending"),
    ne(jobs.paymentStatus, "awaiting_payment"),
  );
  const returning = { id: jobs.id, status: jobs.status, paymentStatus: jobs.paymentStatus };
  const answer = ({ paymentStatus, ...rest }: NonNullable<typeof row>) => ({
    ...rest,
    payment_status: paymentStatus,
  });

  let row: { id: number; status: JobStatus; paymentStatus: PaymentStatus } | undefined;
  if (decision.decision === "approve") {
    // Locked until the decision commits, so that the listing checked is the one published (an
    // employer's edit sent meanwhile waits for the decision).
    const [pending] = await db
      .select({
        plan: jobs.plan,
        planDays: jobs.planDays,
        companyId: jobs.companyId,
        proposal: jobs.companyProposal,
      })
      .from(jobs)
      .where(reviewable)
      .for("update");
    if (!pending) throw await conflictFor(db, jobId, decision.decision);
    const issues = (await pendingPostingIssues(db, [jobId], now)).get(jobId) ?? [];
    const errors = issues.filter((issue) => issue.severity === "error");
    if (errors.length > 0) throw conflict(refusalMessage(errors));
    [row] = await approveListing(db, jobId, {
      reviewedBy: moderatorEmail,
      // Published from now, for the plan's days: the dates the check assumed.
      dates: approvalDates(await readOffer(db), pending, now),
      now,
    });
    if (row && pending.proposal) {
      await applyCompanyProposal(db, pending.companyId, pending.proposal);
      return { ...answer(row), changedCompanyId: pending.companyId };
    }
  } else if (decision.decision === "reject") {
    [row] = await rejectListing(db, jobId, {
      reviewedBy: moderatorEmail,
      reason: decision.reason,
      now,
    });
    if (row) {
      await giveBackPayment(db, jobId, moderatorEmail, now);
      [row] = await db.select(returning).from(jobs).where(eq(jobs.id, jobId));
    }
  } else {
    [row] = await setPaymentStatus(db, jobId, "paid", { onlyIf: "invoice_due", now });
    if (row) await settleListingInvoice(db, jobId, now);
  }
  if (!row) throw await conflictFor(db, jobId, decision.decision);
  return { ...answer(row), changedCompanyId: null };
}
