import { and, eq, inArray, isNull, lt, lte, ne, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { JobStatus, PaymentStatus } from "@/features/jobs/constants";
import type { RenderedDescription } from "@/features/jobs/server/jobs";
import type { ListingPlanId } from "@/features/billing/offer";
import type { Database } from "@/lib/server/db/client";
import { jobs, type NewJob } from "@/lib/server/db/schema";

/*
 * A listing's state (issue 62): the only writer of the jobs table; others call these, inside
 * their own transaction. Each function says what happens to a listing and sets exactly the
 * columns that says; ESLint refuses an update, insert or delete of `jobs` anywhere else outside
 * tests (eslint.config.mjs, "One writer of the jobs table").
 */

/** A listing's published and end dates. */
export type ListingDates = { publishedAt: Date; expiresAt: Date };

/** The columns a listing's fields (and its place) are stored in: listing-columns.ts, job-place.ts. */
export type ListingFields = Partial<
  Omit<
    NewJob,
    | "id"
    | "companyId"
    | "status"
    | "plan"
    | "sponsored"
    | "paymentStatus"
    | "checkoutSessionId"
    | "reviewedAt"
    | "reviewedBy"
    | "rejectionReason"
    | "closedAt"
    | "draftRemindedAt"
    | "planDays"
    | "couponCode"
    | "publishedAt"
    | "expiresAt"
    | "createdAt"
    | "updatedAt"
  >
>;

const idOnly = { id: jobs.id };
const stateColumns = { id: jobs.id, status: jobs.status, paymentStatus: jobs.paymentStatus };

/* Listings come and go. */

/** Inserts listings (a submission's, an import's, the sample board's); answers their rows' keys. */
export function insertListings(tx: Database, rows: NewJob[]) {
  return tx.insert(jobs).values(rows).returning({
    id: jobs.id,
    companyId: jobs.companyId,
    slug: jobs.slug,
    publishedAt: jobs.publishedAt,
    applyMethod: jobs.applyMethod,
  });
}

/** Inserts one listing; answers its id. */
export async function insertListing(tx: Database, row: NewJob): Promise<number> {
  const [inserted] = await tx.insert(jobs).values(row).returning(idOnly);
  return inserted!.id;
}

/** Deletes a listing that never was (a new import Google's rules refuse). */
export async function deleteListing(tx: Database, jobId: number) {
  await tx.delete(jobs).where(eq(jobs.id, jobId));
}

/** Deletes the listings whose Stripe checkout was started before `before` and never paid. */
export async function deleteAbandonedCheckouts(tx: Database, before: Date): Promise<number> {
  const removed = await tx
    .delete(jobs)
    .where(
      and(
        eq(jobs.status, "pending"),
        eq(jobs.paymentStatus, "awaiting_payment"),
        lt(jobs.createdAt, before),
      ),
    )
    .returning(idOnly);
  return removed.length;
}

/** Deletes every listing (the sample board's development reset). */
export async function deleteAllListings(tx: Database) {
  await tx.delete(jobs);
}

/* Review. */

/**
 * A moderator approves a listing in review (pending, not awaiting payment): it is live from
 * `dates`, its refusal and proposed company details cleared. Answers it, or nothing when it was
 * not in review.
 */
export async function approveListing(
  tx: Database,
  jobId: number,
  approval: { reviewedBy: string; dates: ListingDates; now: Date },
) {
  const { reviewedBy, dates, now } = approval;
  return tx
    .update(jobs)
    .set({
      reviewedAt: now,
      reviewedBy,
      updatedAt: now,
      status: "open",
      rejectionReason: null,
      companyProposal: null,
      ...dates,
    })
    .where(inReview(jobId))
    .returning(stateColumns);
}

/**
 * A moderator refuses a listing in review, with the reason its employer sees. Answers it, or
 * nothing when it was not in review.
 */
export async function rejectListing(
  tx: Database,
  jobId: number,
  rejection: { reviewedBy: string; reason: string; now: Date },
) {
  const { reviewedBy, reason, now } = rejection;
  return tx
    .update(jobs)
    .set({
      reviewedAt: now,
      reviewedBy,
      updatedAt: now,
      status: "rejected",
      rejectionReason: reason,
      companyProposal: null,
    })
    .where(inReview(jobId))
    .returning(stateColumns);
}

const inReview = (jobId: number) =>
  and(eq(jobs.id, jobId), eq(jobs.status, "pending"), ne(jobs.paymentStatus, "awaiting_payment"));

/**
 * An imported listing waiting in review goes live, published by a reviewed source (`reviewedBy`:
 * the moderator who approved the source, or the import itself): from `dates` when given,
 * else from the dates it was inserted with.
 */
export async function publishImported(
  tx: Database,
  jobId: number,
  publication: { reviewedBy: string; now: Date; dates?: ListingDates },
) {
  const { reviewedBy, now, dates } = publication;
  await tx
    .update(jobs)
    .set({
      status: "open",
      reviewedAt: now,
      reviewedBy,
      ...(dates ? { ...dates, updatedAt: now } : {}),
    })
    .where(dates ? and(eq(jobs.id, jobId), eq(jobs.status, "pending")) : eq(jobs.id, jobId));
}

/**
 * A refused listing goes back to review: edited by its employer (who may pay again:
 * `paymentStatus`), or changed on its ATS (`fields`, its new fields).
 */
export async function backToReview(
  tx: Database,
  jobId: number,
  change: { now: Date; paymentStatus?: PaymentStatus; fields?: ListingFields },
) {
  const { now, paymentStatus, fields } = change;
  await tx
    .update(jobs)
    .set({
      ...fields,
      status: "pending",
      rejectionReason: null,
      reviewedAt: null,
      ...(paymentStatus === undefined ? {} : { paymentStatus }),
      updatedAt: now,
    })
    .where(eq(jobs.id, jobId));
}

/* Ends. */

/** How a listing leaves the board for good. */
export type Ending = {
  status: Extract<JobStatus, "filled" | "withdrawn" | "removed">;
  now: Date;
  /** The moderator's reason for taking it down, which its employer sees. */
  reason?: string;
  /** Only those now in one of these statuses end; others are left as they are. */
  from?: JobStatus[];
  /** Nothing is owed any more: a listing taken back while awaiting its checkout payment. */
  cancelPayment?: boolean;
};

/**
 * Ends listings (`jobIds`: ids, or a query of them) with `ending`'s status: filled or withdrawn
 * by their employer or their ATS, taken down by a moderator. They leave the board now. Answers
 * those that ended.
 */
export async function endListings(
  tx: Database,
  jobIds: number[] | SQLWrapper,
  ending: Ending,
): Promise<{ id: number; status: JobStatus }[]> {
  const { status, now, reason, from, cancelPayment } = ending;
  const which =
    Array.isArray(jobIds) && jobIds.length === 1
      ? eq(jobs.id, jobIds[0]!)
      : inArray(jobs.id, jobIds);
  return tx
    .update(jobs)
    .set({
      status,
      closedAt: now,
      ...(reason === undefined ? {} : { rejectionReason: reason }),
      updatedAt: now,
      ...(cancelPayment ? { paymentStatus: "none" as const } : {}),
    })
    .where(from ? and(which, inArray(jobs.status, from)) : which)
    .returning({ id: jobs.id, status: jobs.status });
}

/** The open listings whose time ran out by `now` expire; answers their ids. */
export async function expireDueListings(tx: Database, now: Date): Promise<number[]> {
  const expired = await tx
    .update(jobs)
    .set({ status: "expired", updatedAt: now })
    .where(and(eq(jobs.status, "open"), lte(jobs.expiresAt, now)))
    .returning(idOnly);
  return expired.map((row) => row.id);
}

/* Payment and plan. */

/**
 * Sets a listing's payment status: `onlyIf` it is now that one; `now` also marks it updated;
 * `checkoutSessionId`, the Checkout session that paid it. Answers it, or nothing when `onlyIf`
 * did not hold.
 */
export async function setPaymentStatus(
  tx: Database,
  jobId: number,
  paymentStatus: PaymentStatus,
  options: { onlyIf?: PaymentStatus; now?: Date; checkoutSessionId?: string } = {},
) {
  const { onlyIf, now, checkoutSessionId } = options;
  return tx
    .update(jobs)
    .set({
      paymentStatus,
      ...(checkoutSessionId === undefined ? {} : { checkoutSessionId }),
      ...(now === undefined ? {} : { updatedAt: now }),
    })
    .where(onlyIf ? and(eq(jobs.id, jobId), eq(jobs.paymentStatus, onlyIf)) : eq(jobs.id, jobId))
    .returning(stateColumns);
}

/** Remembers the Checkout session opened to pay for a listing still awaiting payment. */
export async function attachCheckoutSession(
  tx: Database,
  jobId: number,
  sessionId: string,
  now: Date,
) {
  await tx
    .update(jobs)
    .set({ checkoutSessionId: sessionId, updatedAt: now })
    .where(and(eq(jobs.id, jobId), eq(jobs.paymentStatus, "awaiting_payment")));
}

/**
 * A listing is ordered (posted, renewed, or its Checkout opened again: issue 63): the days its
 * plan gives now, which approval and renewal publish it for, and the coupon code its card
 * payment takes (null: none).
 */
export async function recordListingOrder(
  tx: Database,
  jobId: number,
  order: { planDays: number; couponCode: string | null },
) {
  await tx
    .update(jobs)
    .set({ planDays: order.planDays, couponCode: order.couponCode })
    .where(eq(jobs.id, jobId));
}

/**
 * A listing is renewed: live for `dates`, paid as `paymentStatus` says (through
 * `checkoutSessionId` when by card), its employer to be told again before it ends.
 */
export async function renewListingTime(
  tx: Database,
  jobId: number,
  renewal: {
    dates: ListingDates;
    paymentStatus: PaymentStatus;
    now: Date;
    checkoutSessionId?: string;
  },
) {
  const { dates, paymentStatus, now, checkoutSessionId } = renewal;
  await tx
    .update(jobs)
    .set({
      paymentStatus,
      ...(checkoutSessionId === undefined ? {} : { checkoutSessionId }),
      ...dates,
      status: "open",
      endingNoticeAt: null,
      updatedAt: now,
    })
    .where(eq(jobs.id, jobId));
}

/** A renewal waits for its card payment; a listing that `ended` waits off the board, expired. */
export async function awaitRenewalPayment(tx: Database, jobId: number, ended: boolean, now: Date) {
  await tx
    .update(jobs)
    .set({
      paymentStatus: "awaiting_payment",
      ...(ended ? { status: "expired" as const } : {}),
      updatedAt: now,
    })
    .where(eq(jobs.id, jobId));
}

/**
 * Puts a listing on `plan`: an upgrade (`now` marks it updated), or a new import paid with a
 * credit (`paymentStatus`).
 */
export async function setPlan(
  tx: Database,
  jobId: number,
  change: {
    plan: ListingPlanId;
    sponsored: boolean;
    planDays?: number;
    paymentStatus?: PaymentStatus;
    now?: Date;
  },
) {
  const { plan, sponsored, planDays, paymentStatus, now } = change;
  await tx
    .update(jobs)
    .set({
      sponsored,
      plan,
      ...(planDays === undefined ? {} : { planDays }),
      ...(paymentStatus === undefined ? {} : { paymentStatus }),
      ...(now === undefined ? {} : { updatedAt: now }),
    })
    .where(eq(jobs.id, jobId));
}

/* Fields and notices. */

/**
 * Stores a listing's fields and where it is done (`fields`): edited (`now` marks it updated), or
 * its place derived from its location (place-backfill.ts: not an update of the listing).
 */
export async function editListingFields(
  tx: Database,
  jobId: number,
  fields: ListingFields,
  now?: Date,
) {
  await tx
    .update(jobs)
    .set({ ...fields, ...(now === undefined ? {} : { updatedAt: now }) })
    .where(eq(jobs.id, jobId));
}

/**
 * An imported listing its ATS still lists: its `fields` refreshed when they changed, and kept on
 * the board `until` then, as a Standard listing, when its time was up or nearly.
 */
export async function keepImportedOn(
  tx: Database,
  jobId: number,
  refresh: { fields?: ListingFields; until?: Date; now: Date },
) {
  const { fields, until, now } = refresh;
  await tx
    .update(jobs)
    .set({
      ...fields,
      ...(until
        ? { expiresAt: until, status: "open" as const, sponsored: false, plan: "standard" as const }
        : {}),
      updatedAt: now,
    })
    .where(eq(jobs.id, jobId));
}

/**
 * Records that the employers of the listings `due` picks were told `told` now, once per listing:
 * answers the ids of those not told before.
 */
export async function recordNotices(
  tx: Database,
  told: "endingNoticeAt" | "countriesNoticeAt",
  due: SQL,
  now: Date,
): Promise<number[]> {
  const marked = await tx
    .update(jobs)
    .set({ [told]: now })
    .where(and(due, isNull(jobs[told])))
    .returning(idOnly);
  return marked.map((row) => row.id);
}

/**
 * Claims the drafts due a reminder: listings still waiting for their first checkout payment
 * (pending, awaiting payment), submitted by someone, created at or before `due`, and not reminded
 * yet; marks them reminded at `now` and answers their ids. One UPDATE: a listing is claimed by
 * one run only, however many run at once, and never again.
 */
export async function claimDraftReminders(tx: Database, due: Date, now: Date): Promise<number[]> {
  const claimed = await tx
    .update(jobs)
    .set({ draftRemindedAt: now })
    .where(
      and(
        eq(jobs.status, "pending"),
        eq(jobs.paymentStatus, "awaiting_payment"),
        lte(jobs.createdAt, due),
        isNull(jobs.draftRemindedAt),
        sql`${jobs.submittedBy} is not null`,
      ),
    )
    .returning(idOnly);
  return claimed.map((row) => row.id);
}

/**
 * Descriptions rendered to HTML, kept beside their Markdown (`features/jobs/server/jobs.ts`'s
 * descriptionHtmlOfMany, whose callers pass this in as its StoreDescriptionHtml): in one
 * statement for a batch, and only where the Markdown is still the one rendered.
 */
export async function storeDescriptionHtml(
  db: Database,
  rendered: readonly RenderedDescription[],
): Promise<void> {
  const values = sql.join(
    rendered.map((row) => sql`(${row.id}::integer, ${row.description}::text, ${row.html}::text)`),
    sql`, `,
  );
  await db.execute(sql`
    UPDATE ${jobs} SET description_html = rendered.html
    FROM (VALUES ${values}) AS rendered (id, description, html)
    WHERE ${jobs.id} = rendered.id AND ${jobs.description} = rendered.description`);
}
