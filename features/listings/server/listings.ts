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
import { conflict, InvalidInput, notFound } from "@/lib/server/errors";
import { invoiceFreeOrder } from "@/features/billing/server/checkout";
import type { Item } from "@/features/billing/tax";
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
      coupon: submission.coupon,
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

/** What a listing's next Checkout takes on from its order: its coupon code, its last session. */
export async function listingOrder(db: Database, jobId: number) {
  const [row] = await db
    .select({ couponCode: jobs.couponCode, checkoutSessionId: jobs.checkoutSessionId })
    .from(jobs)
    .where(eq(jobs.id, jobId));
  return { couponCode: row?.couponCode ?? null, checkoutSessionId: row?.checkoutSessionId ?? null };
}

/** Remembers the Checkout session opened to pay for a listing still awaiting payment. */
export async function attachCheckout(db: Database, jobId: number, sessionId: string) {
  await db.transaction((tx) => attachCheckoutSession(tx, jobId, sessionId, new Date()));
}

/** A listing awaiting payment, locked while it is paid; undefined when it is not one. */
async function lockAwaitingPayment(tx: Database, jobId: number) {
  const [row] = await tx
    .select({
      plan: jobs.plan,
      planDays: jobs.planDays,
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
  return row?.paymentStatus === "awaiting_payment" ? row : undefined;
}

type AwaitingRow = NonNullable<Awaited<ReturnType<typeof lockAwaitingPayment>>>;

/** A renewal (a published listing paying again) runs on at once; a new listing joins review. */
const isRenewal = (row: AwaitingRow) => row.status === "open" || row.status === "expired";

/**
 * A listing's payment arrived: a renewal runs on for the days it was ordered with (issue 63:
 * its copy of its plan's days, else its plan's now); a new listing joins the review queue.
 */
async function listingPaid(
  tx: Database,
  jobId: number,
  row: AwaitingRow,
  now: Date,
  checkoutSessionId?: string,
) {
  if (isRenewal(row)) {
    const days = row.planDays ?? (await storedPlan(tx, row.plan)).days;
    await renewListingTime(tx, jobId, {
      dates: renewedDates(row, days, now),
      paymentStatus: "paid",
      now,
      checkoutSessionId,
    });
  } else {
    await setPaymentStatus(tx, jobId, "paid", { now, checkoutSessionId });
  }
}

/**
 * Marks a listing paid when Stripe says its checkout was paid for the plan's price (with the
 * quoted tax, and the discount quoted), and issues its paid invoice with it; it then joins the
 * review queue, or, when it was a renewal, runs on for its days. False when it is not awaiting
 * payment (already paid, or not ours) or the amount is not the order's.
 */
export async function markPaidByCheckout(
  tx: Database,
  session: Stripe.Checkout.Session,
  jobId: number,
  now: Date = new Date(),
): Promise<boolean> {
  const row = await lockAwaitingPayment(tx, jobId);
  if (!row) return false;
  const plan = await storedPlan(tx, row.plan);
  const renewal = isRenewal(row);
  const invoice = await invoiceListingCheckout(tx, session, { ...row, jobId, plan, renewal }, now);
  if (!invoice) return false;
  await listingPaid(tx, jobId, row, now, session.id);
  return true;
}

/**
 * A listing awaiting payment whose coupon makes it free (issue 63): paid now, without Checkout,
 * with its paid invoice of 0 for `items` (its line and the discount's). Answers the invoice; 409
 * when it no longer awaits payment.
 */
export async function markPaidByCoupon(tx: Database, jobId: number, items: Item[], now: Date) {
  const row = await lockAwaitingPayment(tx, jobId);
  if (!row) throw conflict("This listing is not waiting for payment");
  const invoice = await invoiceFreeOrder(
    tx,
    {
      companyId: row.companyId,
      jobId,
      purpose: isRenewal(row) ? "renewal" : "listing",
      items,
    },
    now,
  );
  await listingPaid(tx, jobId, row, now);
  return invoice;
}
