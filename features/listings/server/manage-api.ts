import type { ListingEditBody } from "@/features/listings/edit-schemas";
import type { Employer } from "@/lib/server/auth/employer";
import type { Database } from "@/lib/server/db/client";
import { forgetJobPages } from "@/features/jobs/server/forget-job-pages";
import { findOwnListing } from "./listings";
import { closeListing, editListing, ownListingDetail } from "./manage-listings";

/**
 * One of `user`'s listings leaves the board as filled or withdrawn (closeListing). Gone from
 * the board at once: its page, the lists, search and the sitemap are dropped from the page
 * cache. Answers the listing as it is now.
 */
export async function closeAndForget(
  db: Database,
  caller: Employer,
  jobId: number,
  closing: "filled" | "withdrawn",
) {
  const { wasListed } = await closeListing(db, caller, jobId, closing);
  if (wasListed) forgetJobPages(jobId);
  return { listing: await findOwnListing(db, caller.member.companyId, jobId) };
}

/**
 * An employer's edit of their listing (editListing). An edit that shows at once drops the
 * pages it is on from the page cache. Answers the listing's fields and what the edit did.
 */
export async function editAndForget(
  db: Database,
  caller: Employer,
  jobId: number,
  body: ListingEditBody,
) {
  const changes = body.place ? { ...body.job, place: body.place } : body.job;
  const { outcome, changed } = await editListing(db, caller, jobId, changes);
  if (changed) forgetJobPages(jobId);
  return { ...(await ownListingDetail(db, caller, jobId)), outcome };
}
