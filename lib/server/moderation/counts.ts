import { sql } from "drizzle-orm";
import { rowsOf, type Database } from "../db/client";

/** What waits for the moderators: the figures at the top of /review and on its tabs. */
export async function moderationCounts(db: Database) {
  // One round trip: four counts, each along an index.
  const [row] = rowsOf<{
    in_review: number;
    awaiting_payment: number;
    edits_pending: number;
    new_enquiries: number;
  }>(
    await db.execute(sql`
    select
      (select count(*)::int from jobs
        where status = 'pending' and payment_status <> 'awaiting_payment') as in_review,
      (select count(*)::int from jobs
        where status = 'pending' and payment_status = 'awaiting_payment') as awaiting_payment,
      (select count(*)::int from listing_edits where status = 'pending') as edits_pending,
      (select count(*)::int from enquiries where status = 'new') as new_enquiries`),
  );
  return row!;
}
