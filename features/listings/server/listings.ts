import { and, desc, eq, inArray, ne, sql } from "drizzle-orm";
import type Stripe from "stripe";
import { LOGO_PATH_PREFIX } from "@/lib/logos/logos";
import { LISTING_ACTION_STATES, type ListingEditStatus } from "@/features/listings/management";
import type { ApplyMethod, JobStatus, PaymentStatus } from "@/features/jobs/constants";
import type { ListingPlan, ListingPlanId } from "@/features/billing/offer";
import { listingPlanNamed, planForSale } from "@/features/billing/server/offer";
import type { JobSubmission } from "@/features/listings/submission-schemas";
import { listingState } from "@/features/listings/states";
import type { OwnListing } from "@/features/listings/types";
import { membershipOf, NO_LISTING, type Member } from "@/lib/server/auth/employer";
import type { Database } from "@/lib/server/db/client";
import {
  companies,
  jobApplications,
  jobs,
  listingEdits,
  users,
  type Company,
  type CompanyProposal,
  type User,
} from "@/lib/server/db/schema";
import { InvalidInput, notFound } from "@/lib/server/errors";
import { lacksCountries, requireRemoteCountries } from "@/features/jobs/server/job-location";
import { chosenJobPlace } from "@/features/jobs/server/job-place";
import { addCompanyOwner, createCompany } from "@/features/companies/server/company-records";
import { renderDescription } from "./description-html";
import { addDays, listingColumns } from "./listing-columns";
import { isRenewable, renewedDates } from "./renewal";
import {
  attachCheckoutSession,
  insertListing,
  renewListingTime,
  setPaymentStatus,
} from "./listing-state";
import type { HowItPays } from "@/features/billing/server/payment-terms";
import { chargeListing, invoiceListingCheckout } from "./listing-payment";

/**
 * The plan a stored listing is on, as the offer prices it now (retired or not: a listing on a
 * retired plan renews on it); its foreign key keeps it one of the offer's.
 */
export async function storedPlan(db: Database, id: string): Promise<ListingPlan> {
  const plan = await listingPlanNamed(db, id);
  if (!plan) throw new Error(`Unknown listing plan ${id}`);
  return plan;
}

/**
 * What a submission's company details would change in its employer's company, or null when
 * nothing. A logo uploaded on the company profile stays whatever the form says (the form no
 * longer asks for one); an address a (scripted) submission gives replaces only an address given
 * before.
 */
function proposedChanges(current: Company, given: CompanyProposal): CompanyProposal | null {
  const uploaded = current.logoUrl?.startsWith(LOGO_PATH_PREFIX) ?? false;
  const proposal = {
    ...given,
    logoUrl: uploaded ? current.logoUrl : (given.logoUrl ?? current.logoUrl),
  };
  const changes = (Object.keys(proposal) as (keyof CompanyProposal)[]).some(
    (field) => proposal[field] !== current[field],
  );
  return changes ? proposal : null;
}

/**
 * Stores a submitted listing as pending, with a company of its own (so a submission never
 * edits another listing's company). A free plan goes to review; a paid one first waits for
 * payment, or for its invoice.
 */
export async function createSubmission(
  db: Database,
  submitter: User,
  member: Member | null,
  submission: JobSubmission,
  how: HowItPays,
  now: Date = new Date(),
): Promise<{ id: number; paymentStatus: PaymentStatus; member: Member }> {
  const plan = await planForSale(db, submission.plan);
  if (!plan) throw new InvalidInput({ plan: ["Choose a plan"] });
  const { company, job } = submission;
  const place = requireRemoteCountries(chosenJobPlace(job.location, job.region, submission.place));
  // Rendered once, here, off the request thread and bounded, so that no page view renders it.
  const descriptionHtml = await renderDescription(job.description);

  return db.transaction(async (tx) => {
    // A member posts for their company; someone in none makes one with their first listing and
    // becomes its owner. A listing's company details are only proposed: the company keeps its
    // name, site and logo on its live listings until a moderator approves this one (issue 40: a
    // new, unreviewed submission could otherwise put another company's name on them).
    const profile: CompanyProposal = {
      name: company.name,
      website: company.website,
      logoUrl: company.logo_url,
      about: company.about,
    };
    const first = member ? null : await firstCompany(tx, submitter, profile);
    const poster = member ?? first!.member;
    const [owned] = await tx
      .select()
      .from(companies)
      .where(eq(companies.id, poster.companyId))
      .for("update");
    // The company made just now already has these details.
    const companyProposal = first?.made || !owned ? null : proposedChanges(owned, profile);
    const companyId = poster.companyId;

    const id = await insertListing(tx, {
      ...listingColumns(job, company.name, descriptionHtml),
      ...place,
      companyId,
      companyProposal,
      status: "pending",
      sponsored: plan.sponsored,
      plan: plan.id,
      submittedBy: submitter.id,
      // Placeholders until approval, which publishes it for the plan's days from then.
      publishedAt: now,
      expiresAt: addDays(now, plan.days),
    });
    const paymentStatus = await chargeListing(tx, {
      companyId,
      userId: submitter.id,
      jobId: id,
      title: job.title,
      plan,
      on: "listing",
      useCredit: submission.use_credit === true,
      how,
      now,
    });
    if (paymentStatus !== "none") {
      await setPaymentStatus(tx, id, paymentStatus);
    }
    return { id, paymentStatus, member: poster };
  });
}

/**
 * The company `submitter` makes with their first listing, with them as its owner (issue 44).
 * Their user row is locked first, so two first listings sent at once make one company: the
 * second finds the first's membership.
 */
async function firstCompany(tx: Database, submitter: User, profile: CompanyProposal) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, submitter.id)).for("update");
  const already = await membershipOf(tx, submitter.id);
  if (already) return { member: already, made: false };
  // A taken slug gets a random suffix: two first listings of one name may be sent at once.
  const companyId = await createCompany(tx, profile, "random");
  const owner = await addCompanyOwner(tx, companyId, submitter.id);
  return {
    member: { id: owner.id, companyId, role: owner.role, userId: submitter.id },
    made: true,
  };
}

const ownColumns = {
  id: jobs.id,
  slug: jobs.slug,
  title: jobs.title,
  companyName: companies.name,
  plan: jobs.plan,
  status: jobs.status,
  paymentStatus: jobs.paymentStatus,
  createdAt: jobs.createdAt,
  publishedAt: jobs.publishedAt,
  expiresAt: jobs.expiresAt,
  rejectionReason: jobs.rejectionReason,
  closedAt: jobs.closedAt,
  reviewedAt: jobs.reviewedAt,
  lacksCountries,
  applyMethod: jobs.applyMethod,
  // Its applications on the board, withdrawn ones aside: all, and those not looked at yet.
  applicants: sql<number>`(select count(*) from ${jobApplications} a
    where a.job_id = ${jobs.id} and a.withdrawn_at is null)`.mapWith(Number),
  newApplicants: sql<number>`(select count(*) from ${jobApplications} a
    where a.job_id = ${jobs.id} and a.withdrawn_at is null and a.stage = 'new')`.mapWith(Number),
};

type OwnRow = {
  id: number;
  slug: string;
  title: string;
  companyName: string;
  plan: ListingPlanId;
  status: JobStatus;
  paymentStatus: PaymentStatus;
  createdAt: Date;
  publishedAt: Date;
  expiresAt: Date;
  rejectionReason: string | null;
  closedAt: Date | null;
  reviewedAt: Date | null;
  lacksCountries: boolean;
  applyMethod: ApplyMethod;
  applicants: number;
  newApplicants: number;
};

const PUBLISHED_STATUSES = new Set<JobStatus>(["open", "expired", "filled", "removed"]);

type EditRow = { status: ListingEditStatus; createdAt: Date; reason: string | null };

function toOwnListing(row: OwnRow, edit: EditRow | undefined, now: Date): OwnListing {
  const state = listingState(row, now);
  // Withdrawn: published if a moderator had approved it (a refusal keeps its reason).
  const published =
    PUBLISHED_STATUSES.has(row.status) ||
    (row.status === "withdrawn" && row.reviewedAt !== null && row.rejectionReason === null);
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    company_name: row.companyName,
    plan: row.plan,
    state,
    payment_status: row.paymentStatus,
    submitted_at: row.createdAt.toISOString(),
    published_at: published ? row.publishedAt.toISOString() : null,
    expires_at: published ? row.expiresAt.toISOString() : null,
    rejection_reason: row.rejectionReason,
    closed_at: row.closedAt?.toISOString() ?? null,
    renewable: isRenewable(row, now),
    needs_countries: row.lacksCountries && LISTING_ACTION_STATES.edit.includes(state),
    // Once it takes applications on the board, or has some from when it did.
    applicants:
      row.applyMethod === "board" || row.applicants > 0
        ? { total: row.applicants, new: row.newApplicants }
        : null,
    edit:
      edit && (edit.status === "pending" || edit.status === "rejected")
        ? { status: edit.status, submitted_at: edit.createdAt.toISOString(), reason: edit.reason }
        : null,
  };
}

/**
 * Each listing's latest edit waiting for review or refused; an approved or replaced one means
 * there is nothing to tell.
 */
async function latestEdits(db: Database, jobIds: number[]): Promise<Map<number, EditRow>> {
  if (jobIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([listingEdits.jobId], {
      jobId: listingEdits.jobId,
      status: listingEdits.status,
      createdAt: listingEdits.createdAt,
      reason: listingEdits.reason,
    })
    .from(listingEdits)
    .where(and(inArray(listingEdits.jobId, jobIds), ne(listingEdits.status, "superseded")))
    .orderBy(listingEdits.jobId, desc(listingEdits.createdAt), desc(listingEdits.id));
  return new Map(rows.map((row) => [row.jobId, row]));
}

/** The company's listings, whoever of its members posted them, newest first. */
export async function listOwnListings(
  db: Database,
  companyId: number,
  now: Date = new Date(),
): Promise<OwnListing[]> {
  const rows = await db
    .select(ownColumns)
    .from(jobs)
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .where(eq(jobs.companyId, companyId))
    .orderBy(desc(jobs.createdAt), desc(jobs.id))
    .limit(200);
  const edits = await latestEdits(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toOwnListing(row, edits.get(row.id), now));
}

/** One of the company's listings; 404 for any other, as if it did not exist. */
export async function findOwnListing(
  db: Database,
  companyId: number,
  jobId: number,
  now: Date = new Date(),
): Promise<OwnListing> {
  const [row] = await db
    .select(ownColumns)
    .from(jobs)
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .where(and(eq(jobs.id, jobId), eq(jobs.companyId, companyId)));
  if (!row) throw notFound(NO_LISTING);
  const edits = await latestEdits(db, [row.id]);
  return toOwnListing(row, edits.get(row.id), now);
}

/** Remembers the Checkout session opened to pay for a listing still awaiting payment. */
export async function attachCheckout(db: Database, jobId: number, sessionId: string) {
  await db.transaction((tx) => attachCheckoutSession(tx, jobId, sessionId, new Date()));
}

/**
 * Marks a listing paid when Stripe says its checkout was paid for the plan's price (with the
 * quoted tax), and issues its paid invoice with it; it then joins the review queue, or, when it
 * was a renewal, runs on for the plan's days. False when it is not awaiting payment (already
 * paid, or not ours) or the amount is not the order's.
 */
export async function markPaidByCheckout(
  tx: Database,
  session: Stripe.Checkout.Session,
  jobId: number,
  now: Date = new Date(),
): Promise<boolean> {
  const [row] = await tx
    .select({
      plan: jobs.plan,
      title: jobs.title,
      companyId: jobs.companyId,
      paymentStatus: jobs.paymentStatus,
      status: jobs.status,
      publishedAt: jobs.publishedAt,
      expiresAt: jobs.expiresAt,
    })
    .from(jobs)
    .where(eq(jobs.id, jobId))
    .for("update");
  if (!row || row.paymentStatus !== "awaiting_payment") return false;
  const plan = await storedPlan(tx, row.plan);
  // A renewal (a published listing paying again) runs on at once; a new listing joins the
  // review queue.
  const renewal = row.status === "open" || row.status === "expired";
  const invoice = await invoiceListingCheckout(tx, session, { ...row, jobId, plan, renewal }, now);
  if (!invoice) return false;
  if (renewal) {
    const dates = renewedDates(row, plan.days, now);
    await renewListingTime(tx, jobId, {
      dates,
      paymentStatus: "paid",
      now,
      checkoutSessionId: session.id,
    });
  } else {
    await setPaymentStatus(tx, jobId, "paid", { now, checkoutSessionId: session.id });
  }
  return true;
}
