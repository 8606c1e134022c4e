import { sql } from "drizzle-orm";
import { rowsOf, type Database } from "@/lib/server/db/client";

/** What waits for the moderators: the figures at the top of /review and on its tabs. */
export async function moderationCounts(db: Database) {
  // One round trip: five counts, each along an index.
  const [row] = rowsOf<{
    in_review: number;
    awaiting_payment: number;
    edits_pending: number;
    new_enquiries: number;
    overdue_invoices: number;
  }>(
    await db.execute(sql`
    select
      (select count(*)::int from jobs
        where status = 'pending' and payment_status <> 'awaiting_payment') as in_review,
      (select count(*)::int from jobs
        where status = 'pending' and payment_status = 'awaiting_payment') as awaiting_payment,
      (select count(*)::int from listing_edits where status = 'pending') as edits_pending,
      (select count(*)::int from enquiries where status = 'new') as new_enquiries,
      (select count(*)::int from invoices -- the unpaid invoices' partial index's condition, and more
        where kind = 'invoice' and paid_at is null and due_at is not null
          and overdue_at is not null and credited_minor = 0) as overdue_invoices`),
  );
  return row!;
}
