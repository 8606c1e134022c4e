import { count, desc, eq } from "drizzle-orm";
import type { EnquiryStatus } from "@/features/enquiries/status";
import { MODERATION_PAGE_SIZE } from "@/features/moderation/schemas";
import type { Database } from "@/lib/server/db/client";
import { enquiries } from "@/lib/server/db/schema";
import { enquiriesWithReplies } from "@/features/enquiries/server/enquiries";

/*
 * The moderators' enquiries inbox. A reply and a change of status are enquiries' own writes
 * (features/enquiries/server/enquiries.ts), run by its server/enquiry-api.
 */

/** The inbox: enquiries in one status, newest first, a page at a time. */
export async function listEnquiries(db: Database, query: { status: EnquiryStatus; page: number }) {
  const where = eq(enquiries.status, query.status);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(enquiries)
      .where(where)
      .orderBy(desc(enquiries.createdAt), desc(enquiries.id))
      .limit(MODERATION_PAGE_SIZE)
      .offset((query.page - 1) * MODERATION_PAGE_SIZE),
    db.select({ total: count() }).from(enquiries).where(where),
  ]);
  return {
    enquiries: await enquiriesWithReplies(db, rows),
    total: counted?.total ?? 0,
    page: query.page,
    per_page: MODERATION_PAGE_SIZE,
  };
}
