import type { EditDecision } from "@/features/listings/edit-schemas";
import type { Moderator } from "@/lib/server/auth/caller";
import type { Database } from "@/lib/server/db/client";
import { forgetJobPages } from "@/features/jobs/server/forget-job-pages";
import { decideEdit } from "@/features/moderation/server/edit-review";

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
