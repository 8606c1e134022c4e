import { asc, eq } from "drizzle-orm";
import { changedFields } from "@/features/listings/management";
import type { EditDecision, ListingEditReview } from "@/features/listings/edit-schemas";
import { recordAudit } from "@/lib/server/audit/audit";
import type { Moderator } from "@/lib/server/auth/caller";
import type { Database } from "@/lib/server/db/client";
import { companies, jobs, listingEdits, users } from "@/lib/server/db/schema";
import { conflict, notFound } from "@/lib/server/errors";
import { queueSearchEngineNotices, searchEngineQueue } from "@/features/feeds/server/enqueue";
import { moderatorActor } from "@/lib/server/audit/moderator-actor";
import { placeAnswer, placeOfRow } from "@/features/jobs/server/job-location";
import { renderDescription } from "@/features/listings/server/description-html";
import {
  applyListingFields,
  formFields,
  jobFieldsOf,
  listingFieldsOf,
  placeAfterEdit,
  samePlace,
  settleListingEdit,
} from "@/features/listings/server/manage-listings";

/** Edits of published listings waiting for a moderator, oldest first. */
export async function editQueue(db: Database): Promise<ListingEditReview[]> {
  const rows = await db
    .select({ edit: listingEdits, job: jobs, companyName: companies.name, email: users.email })
    .from(listingEdits)
    .innerJoin(jobs, eq(jobs.id, listingEdits.jobId))
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .leftJoin(users, eq(users.id, jobs.submittedBy))
    .where(eq(listingEdits.status, "pending"))
    .orderBy(asc(listingEdits.createdAt), asc(listingEdits.id))
    .limit(200);
  return rows.map(({ edit, job, companyName, email }) => {
    const live = formFields(listingFieldsOf(job));
    const proposed = formFields(jobFieldsOf(edit.changes));
    // Where it can be done: as stored, and as the edit leaves it (given, or read from new words).
    const livePlace = placeOfRow(job);
    const proposedPlace = placeAfterEdit(job, edit.changes) ?? livePlace;
    const changed: string[] = changedFields(live, proposed);
    if (!samePlace(livePlace, proposedPlace)) changed.push("place");
    return {
      id: edit.id,
      listing_id: job.id,
      company_name: companyName,
      submitted_at: edit.createdAt.toISOString(),
      submitter_email: email,
      live,
      proposed,
      live_place: placeAnswer(livePlace),
      proposed_place: placeAnswer(proposedPlace),
      changed,
    };
  });
}

/**
 * A moderator's decision on an edit waiting for review: approval puts its fields live (the
 * listing keeps its dates); refusal keeps the live version, and the employer reads the reason.
 * Answers the listing's id and whether its pages changed; 404 for an unknown edit, 409 for one
 * already decided or replaced.
 */
export async function decideEdit(
  db: Database,
  editId: number,
  decision: EditDecision,
  moderator: Moderator,
  now: Date = new Date(),
): Promise<{ listingId: number; published: boolean }> {
  const indexing = await searchEngineQueue();
  // The edit's description rendered before the transaction (description-html.ts): a pending
  // edit's fields never change, a newer one supersedes it.
  const [asked] = await db
    .select({ changes: listingEdits.changes })
    .from(listingEdits)
    .where(eq(listingEdits.id, editId));
  const descriptionHtml =
    asked && decision.decision === "approve"
      ? await renderDescription(asked.changes.description)
      : "";
  return db.transaction(async (tx) => {
    const [edit] = await tx
      .select()
      .from(listingEdits)
      .where(eq(listingEdits.id, editId))
      .for("update");
    if (!edit) throw notFound("There is no listing edit with this id");
    if (edit.status !== "pending") {
      throw conflict(
        edit.status === "superseded"
          ? "The employer changed this edit since; review the newer one"
          : "This edit was already reviewed",
      );
    }
    const approve = decision.decision === "approve";
    const settled = await settleListingEdit(tx, editId, {
      status: approve ? "approved" : "rejected",
      reason: approve ? null : decision.reason,
      reviewedAt: now,
      reviewedBy: moderator.email,
    });
    if (!settled) throw conflict("This edit was already reviewed");
    let published = false;
    if (approve) {
      const [row] = await tx
        .select({ job: jobs, companyName: companies.name })
        .from(jobs)
        .innerJoin(companies, eq(companies.id, jobs.companyId))
        .where(eq(jobs.id, edit.jobId))
        .for("update", { of: jobs });
      if (row) {
        await applyListingFields(
          tx,
          edit.jobId,
          edit.changes,
          descriptionHtml,
          row.companyName,
          now,
        );
        published = row.job.status === "open";
        if (published) await queueSearchEngineNotices(indexing, tx, [edit.jobId], now);
      }
    }
    await recordAudit(tx, await moderatorActor(tx, moderator), {
      action: approve ? "listing.edit_approve" : "listing.edit_reject",
      subjectType: "listing",
      subjectId: edit.jobId,
      detail: { edit_id: editId, ...(approve ? {} : { reason: decision.reason }) },
    });
    return { listingId: edit.jobId, published };
  });
}
