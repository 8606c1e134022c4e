import type { EditDecision } from "@/lib/listings/edit-schemas";
import type { Moderator } from "../auth/caller";
import type { Database } from "../db/client";
import { forgetJobPages } from "../jobs/forget-job-pages";
import { decideEdit } from "../listings/edit-review";

/**
 * A moderator's decision on an edit of a published listing (decideEdit: the decision, its
 * audit entry and the search engines' notices, in one transaction). An approved edit shows at
 * once: its pages are dropped from the page cache after the commit.
 */
export async function decideEditAndForget(
  db: Database,
  moderator: Moderator,
  editId: number,
  decision: EditDecision,
) {
  const { listingId, published } = await decideEdit(db, editId, decision, moderator);
  if (published) forgetJobPages(listingId);
  return { listing_id: listingId, published };
}
