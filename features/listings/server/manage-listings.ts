import { and, eq } from "drizzle-orm";
import {
  changedFields,
  isMaterialChange,
  LISTING_ACTION_STATES,
  RENEWAL_WINDOW_DAYS,
} from "@/features/listings/management";
import type { ListingChanges, PendingListingChanges } from "@/features/listings/edit-schemas";
import { listingState } from "@/features/listings/states";
import { employerActor, recordAudit } from "@/lib/server/audit/audit";
import { NO_LISTING, type Employer } from "@/lib/server/auth/employer";
import type { Database } from "@/lib/server/db/client";
import { companies, jobs, listingEdits, type Job } from "@/lib/server/db/schema";
import { conflict, notFound } from "@/lib/server/errors";
import { queueSearchEngineNotices, searchEngineQueue } from "@/features/feeds/server/enqueue";
import {
  placeAnswer,
  placeOfRow,
  requireRemoteCountries,
} from "@/features/jobs/server/job-location";
import { chosenJobPlace, jobPlaceOf, type JobPlace } from "@/features/jobs/server/job-place";
import { findOwnListing, storedPlan } from "./listings";
import type { PaymentStatus } from "@/features/jobs/constants";
import { howCompanyPays, type HowItPays } from "@/features/billing/server/payment-terms";
import { renderDescription } from "./description-html";
import { chargeListing, chargeResubmission } from "./listing-payment";
import { closingDay, listingColumns } from "./listing-columns";
import { applyMethodOf } from "@/features/jobs/apply-method";
import { isRenewable, renewedDates } from "./renewal";
import {
  awaitRenewalPayment,
  backToReview,
  editListingFields,
  endListings,
  renewListingTime,
} from "./listing-state";

/** A listing's editable fields as they are stored, in the API's names. */
export function listingFieldsOf(job: Job): ListingChanges {
  return {
    title: job.title,
    department: job.department as ListingChanges["department"],
    region: job.region as ListingChanges["region"],
    type: job.type as ListingChanges["type"],
    location: job.location,
    salary_min: job.salaryMin,
    salary_max: job.salaryMax,
    salary_currency: job.salaryCurrency as ListingChanges["salary_currency"],
    salary_period: job.salaryPeriod,
    description: job.description,
    apply_url: job.applyUrl,
    apply_email: job.applyEmail,
    apply_method: job.applyMethod,
    screening_questions: job.screeningQuestions,
    applications_close_on: closingDay(job.applicationsCloseAt),
    applicant_mail: job.applicantMail,
  };
}

/**
 * A listing's fields as its edit form starts from them: how it takes applications always said
 * (an edit waiting since before issue 27 says it by its link or address).
 */
export const formFields = (fields: ListingChanges) => ({
  ...fields,
  apply_method: applyMethodOf(fields),
  screening_questions: fields.screening_questions ?? [],
  applications_close_on: fields.applications_close_on ?? null,
  applicant_mail: fields.applicant_mail ?? "instant",
});

/** An edit's job fields, without the place given with them. */
export function jobFieldsOf({ place, ...fields }: PendingListingChanges): ListingChanges {
  return fields;
}

/**
 * Where a listing can be done once `changes` are applied: the place given with them (read with
 * their words, as /submit reads it); without one, read again from a new location or region, else
 * null (kept as stored, whether the employer chose it or it was read from the words).
 */
export function placeAfterEdit(
  job: Pick<Job, "location" | "region">,
  changes: PendingListingChanges,
): JobPlace | null {
  if (changes.place) return chosenJobPlace(changes.location, changes.region, changes.place);
  const moved = job.location !== changes.location || job.region !== changes.region;
  return moved ? jobPlaceOf(changes.location, changes.region) : null;
}

/** Whether two places say the same (countries in any order). */
export const samePlace = (a: JobPlace, b: JobPlace) => {
  const key = (place: JobPlace) =>
    JSON.stringify([
      place.remoteCountries && [...place.remoteCountries].sort(),
      place.addressLocality,
      place.addressRegion,
      place.addressCountry,
    ]);
  return key(a) === key(b);
};

/**
 * Stores a listing's fields (with the slug they make and the description's HTML, rendered
 * before the transaction by description-html.ts), and its place: the
 * one given with them, or read again from a new location or region; otherwise it stays as chosen.
 */
export async function applyListingFields(
  tx: Database,
  jobId: number,
  changes: PendingListingChanges,
  descriptionHtml: string,
  companyName: string,
  now: Date,
) {
  const [before] = await tx
    .select({ location: jobs.location, region: jobs.region })
    .from(jobs)
    .where(eq(jobs.id, jobId));
  const place = before ? placeAfterEdit(before, changes) : null;
  await editListingFields(
    tx,
    jobId,
    { ...listingColumns(jobFieldsOf(changes), companyName, descriptionHtml), ...(place ?? {}) },
    now,
  );
}

/** One of the company's listings, locked for the change about to be made; 404 for any other. */
async function lockOwnListing(tx: Database, companyId: number, jobId: number) {
  const [row] = await tx
    .select({ job: jobs, companyName: companies.name })
    .from(jobs)
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .where(and(eq(jobs.id, jobId), eq(jobs.companyId, companyId)))
    .for("update", { of: jobs });
  if (!row) throw notFound(NO_LISTING);
  return row;
}

/** Drops the listing's edit waiting for review, if any: a newer edit or its closing replaces it. */
async function supersedePendingEdit(tx: Database, jobId: number) {
  await tx
    .update(listingEdits)
    .set({ status: "superseded" })
    .where(and(eq(listingEdits.jobId, jobId), eq(listingEdits.status, "pending")));
}

/**
 * A moderator's decision on a pending edit, stored: approved, or rejected with its reason. False
 * when the edit was no longer pending (decided or superseded meanwhile).
 */
export async function settleListingEdit(
  tx: Database,
  editId: number,
  decision: {
    status: "approved" | "rejected";
    reason: string | null;
    reviewedAt: Date;
    reviewedBy: string;
  },
): Promise<boolean> {
  const [updated] = await tx
    .update(listingEdits)
    .set(decision)
    .where(and(eq(listingEdits.id, editId), eq(listingEdits.status, "pending")))
    .returning({ jobId: listingEdits.jobId });
  return updated !== undefined;
}

/**
 * What an edit did: `updated` (stored as it is: a listing not yet published, or a minor change
 * of a published one, live at once), `resubmitted` (a listing that was not approved goes back to
 * review), `in_review` (a material change of a published listing waits for a moderator; the
 * approved version stays live meanwhile).
 */
export type EditOutcome = "updated" | "resubmitted" | "in_review";

/**
 * An employer's edit of their listing: its job fields, and where it can be done when `place` is
 * given (as /submit takes it). Answers what it did, and whether the board's pages changed (they
 * must then be purged by the caller, after the commit).
 */
export async function editListing(
  db: Database,
  { user, member }: Employer,
  jobId: number,
  changes: PendingListingChanges,
  now: Date = new Date(),
): Promise<{ outcome: EditOutcome; changed: boolean }> {
  const indexing = await searchEngineQueue();
  // Rendered before the transaction: off the request thread and bounded (description-html.ts).
  const descriptionHtml = await renderDescription(changes.description);
  return db.transaction(async (tx) => {
    const { job, companyName } = await lockOwnListing(tx, member.companyId, jobId);
    const state = listingState(job, now);
    if (!LISTING_ACTION_STATES.edit.includes(state)) {
      throw conflict("A listing that was filled, withdrawn or taken down cannot be edited");
    }
    // A remote job leaves with the countries applicants may live in, or not at all.
    requireRemoteCountries(placeAfterEdit(job, changes) ?? placeOfRow(job));
    const before = listingFieldsOf(job);
    const after = jobFieldsOf(changes);
    const fields: string[] = changedFields(before, after);
    // A place given that differs from the stored one is a change of where: material, as the
    // location is.
    const stored = placeOfRow(job);
    const placeMoved =
      changes.place !== undefined &&
      !samePlace(stored, chosenJobPlace(after.location, after.region, changes.place));
    if (placeMoved) fields.push("place");
    // Naming the countries of a remote job stored without any (open "anywhere", which Google's
    // job search cannot list) completes it rather than moving it: it goes live at once.
    const namesMissingCountries =
      stored.remoteCountries?.length === 0 &&
      job.location === after.location &&
      job.region === after.region;
    const published = state === "live" || state === "expired";
    let outcome: EditOutcome;
    // The form starts from the edit waiting for review, if any: this edit is the employer's
    // latest word, and replaces it whatever it changes.
    if (published) await supersedePendingEdit(tx, jobId);
    if (published && ((placeMoved && !namesMissingCountries) || isMaterialChange(before, after))) {
      // The place given waits with the fields, and is applied with them on approval.
      const pending = changes.place ? { ...after, place: changes.place } : after;
      await tx.insert(listingEdits).values({ jobId, changes: pending, createdAt: now });
      outcome = "in_review";
    } else {
      if (fields.length > 0) {
        await applyListingFields(tx, jobId, changes, descriptionHtml, companyName, now);
      }
      if (state === "not_approved") {
        // Refused and edited: a moderator looks again. Its payment given back at the refusal,
        // it pays again.
        const plan = await storedPlan(tx, job.plan);
        const repay = plan.price_minor > 0 && job.paymentStatus === "none";
        const paymentStatus = repay
          ? await chargeResubmission(tx, {
              companyId: member.companyId,
              userId: user.id,
              jobId,
              title: job.title,
              plan,
              on: "listing",
              how: await howCompanyPays(tx, member.companyId),
              now,
            })
          : job.paymentStatus;
        await backToReview(tx, jobId, { now, paymentStatus });
      }
      outcome = state === "not_approved" ? "resubmitted" : "updated";
      if (state === "live" && fields.length > 0) {
        await queueSearchEngineNotices(indexing, tx, [jobId], now);
      }
    }
    await recordAudit(tx, employerActor(user), {
      action: "listing.edit",
      subjectType: "listing",
      subjectId: jobId,
      detail: { fields, outcome },
    });
    return { outcome, changed: published && outcome === "updated" && fields.length > 0 };
  });
}

type Closing = "filled" | "withdrawn";

/**
 * Closes one of the employer's listings: `filled` (the role is taken) or `withdrawn` (taken
 * back). Either way it leaves the board at once. Answers whether it was on the board (its
 * pages must then be purged, after the commit).
 */
export async function closeListing(
  db: Database,
  { user, member }: Employer,
  jobId: number,
  closing: Closing,
  now: Date = new Date(),
): Promise<{ wasListed: boolean }> {
  const indexing = await searchEngineQueue();
  return db.transaction(async (tx) => {
    const { job } = await lockOwnListing(tx, member.companyId, jobId);
    const state = listingState(job, now);
    if (!LISTING_ACTION_STATES[closing === "filled" ? "fill" : "withdraw"].includes(state)) {
      throw conflict(
        closing === "filled"
          ? "Only a published listing can be marked filled"
          : "This listing can no longer be withdrawn",
      );
    }
    await supersedePendingEdit(tx, jobId);
    await endListings(tx, [jobId], {
      status: closing,
      now,
      // Nothing is owed for a listing taken back before it was paid for.
      cancelPayment: job.paymentStatus === "awaiting_payment",
    });
    await recordAudit(tx, employerActor(user), {
      action: closing === "filled" ? "listing.fill" : "listing.withdraw",
      subjectType: "listing",
      subjectId: jobId,
      detail: { from: state },
    });
    if (state === "live") await queueSearchEngineNotices(indexing, tx, [jobId], now);
    return { wasListed: state === "live" };
  });
}

/**
 * Renews one of the employer's listings at its end, on its plan. The free plan renews at once; a
 * paid plan renews at once with a credit of its plan, or on an invoice due by transfer, or pays
 * again through Stripe Checkout (the listing stays as it is until Stripe says it was paid:
 * markPaidByCheckout). Answers whether it renewed now.
 */
export async function renewListing(
  db: Database,
  { user, member }: Employer,
  jobId: number,
  payment: { how: HowItPays; useCredit: boolean; coupon?: string | null },
  now: Date = new Date(),
): Promise<{ renewed: boolean; awaitingPayment: boolean }> {
  const indexing = await searchEngineQueue();
  return db.transaction(async (tx) => {
    const { job } = await lockOwnListing(tx, member.companyId, jobId);
    if (!isRenewable(job, now)) {
      throw conflict(
        `A listing can be renewed in its last ${RENEWAL_WINDOW_DAYS} days on the board, or after it ends`,
      );
    }
    const plan = await storedPlan(tx, job.plan);
    const paymentStatus = await chargeListing(tx, {
      companyId: member.companyId,
      userId: user.id,
      jobId,
      title: job.title,
      plan,
      on: "renewal",
      useCredit: payment.useCredit,
      how: payment.how,
      now,
      coupon: payment.coupon,
    });
    const renewed = paymentStatus !== "awaiting_payment";
    if (!renewed) {
      // Ended: it waits for its payment off the board (the expiry task may not have run yet).
      await awaitRenewalPayment(tx, jobId, job.expiresAt <= now, now);
    } else {
      await renewListingTime(tx, jobId, {
        dates: renewedDates(job, plan.days, now),
        paymentStatus,
        now,
      });
      // Its page runs on (a later validThrough), or is back on the board.
      await queueSearchEngineNotices(indexing, tx, [jobId], now);
    }
    await recordAudit(tx, employerActor(user), {
      action: "listing.renew",
      subjectType: "listing",
      subjectId: jobId,
      detail: {
        plan: plan.id,
        payment: paymentMethodWord(plan.price_minor, paymentStatus),
        renewed,
        ...(payment.coupon && { coupon: payment.coupon.trim().toUpperCase() }),
      },
    });
    return { renewed, awaitingPayment: !renewed };
  });
}

/** How a renewal was paid, for the audit log. */
const paymentMethodWord = (price: number, status: PaymentStatus) =>
  price === 0
    ? "free"
    : status === "paid"
      ? "credit"
      : status === "invoice_due"
        ? "invoice"
        : "checkout";

/** One of the employer's listings, with the fields its edit form starts from. */
export async function ownListingDetail(db: Database, { member }: Employer, jobId: number) {
  const listing = await findOwnListing(db, member.companyId, jobId);
  const [job] = await db.select().from(jobs).where(eq(jobs.id, jobId));
  const [pending] = await db
    .select({ changes: listingEdits.changes })
    .from(listingEdits)
    .where(and(eq(listingEdits.jobId, jobId), eq(listingEdits.status, "pending")));
  const stored = placeOfRow(job!);
  return {
    listing,
    fields: { ...formFields(listingFieldsOf(job!)), place: placeAnswer(stored) },
    pending_fields: pending
      ? {
          ...formFields(jobFieldsOf(pending.changes)),
          // The place the edit will give it once approved.
          place: placeAnswer(placeAfterEdit(job!, pending.changes) ?? stored),
        }
      : null,
  };
}
