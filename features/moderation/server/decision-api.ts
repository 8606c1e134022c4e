import { mailIssuedDocumentsSoon } from "@/features/billing/server/invoice-mails";
import { eq } from "drizzle-orm";
import type { ModerationDecision } from "@/features/listings/review-schemas";
import { recordAudit } from "@/lib/server/audit/audit";
import type { Moderator } from "@/lib/server/auth/caller";
import type { Database } from "@/lib/server/db/client";
import { jobs } from "@/lib/server/db/schema";
import { purgeCachedPages } from "@/lib/server/http/page-cache";
import { queueSearchEngineNotices, searchEngineQueue } from "@/features/feeds/server/enqueue";
import { forgetJobPages, jobPagesPurge } from "@/features/jobs/server/forget-job-pages";
import { moderatorActor } from "@/lib/server/audit/moderator-actor";
import { listingNotices } from "@/features/listings/server/listing-notices";
import { withMail } from "@/lib/server/queue/queue";
import { decide } from "./review-queue";

/** What the employer is told of each decision. */
const NOTICES = {
  approve: "listing-approved",
  reject: "listing-rejected",
  mark_paid: "payment-received",
} as const;

/**
 * A moderator's decision on a pending listing, with all that goes with it, in one transaction:
 * the decision, its audit entry (and the company's, when an approval applied the details the
 * submission proposed), the employer's mail and, for an approval, the search engines' notices.
 * Then the pages it changes are dropped from the page cache: the listing's, and every listing
 * of a company whose details changed.
 */
export async function decideAndTell(
  db: Database,
  moderator: Moderator,
  jobId: number,
  decision: ModerationDecision,
) {
  const indexing = await searchEngineQueue();
  const { result, companyListings } = await withMail(db, async (tx) => {
    const { changedCompanyId, ...decided } = await decide(tx, jobId, decision, moderator.email);
    if (decision.decision === "approve") await queueSearchEngineNotices(indexing, tx, [jobId]);
    const actor = await moderatorActor(tx, moderator);
    await recordAudit(tx, actor, {
      action: `listing.${decision.decision}`,
      subjectType: "listing",
      subjectId: jobId,
      detail: decision.decision === "reject" ? { reason: decision.reason } : {},
    });
    let companyListings: number[] = [];
    if (changedCompanyId !== null) {
      await recordAudit(tx, actor, {
        action: "company.update",
        subjectType: "company",
        subjectId: changedCompanyId,
        detail: { approved_with_listing: jobId },
      });
      const listed = await tx
        .select({ id: jobs.id })
        .from(jobs)
        .where(eq(jobs.companyId, changedCompanyId));
      companyListings = listed.map((job) => job.id);
    }
    return {
      result: { result: decided, companyListings },
      mail: await listingNotices(tx, [jobId], NOTICES[decision.decision]),
    };
  });
  if (decision.decision === "approve") forgetJobPages(jobId);
  // A rejection may credit the listing's unpaid invoice: the credit note is mailed at once.
  if (decision.decision === "reject") await mailIssuedDocumentsSoon();
  if (companyListings.length > 0) purgeCachedPages(jobPagesPurge(companyListings));
  return result;
}
