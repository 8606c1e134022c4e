import type { Database } from "@/lib/server/db/client";
import { visibleCandidate } from "@/features/directory/server/access";
import { profileOf, type DirectoryProfile } from "@/features/directory/server/profile";

/* The candidate directory as moderators read it (issue 62: what moderators do lives here). */

/** A findable profile as a moderator reads it: no view is counted; hidden or gone is 404. */
export async function moderatorProfile(
  db: Database,
  key: string,
  now: Date = new Date(),
): Promise<{ profile: DirectoryProfile }> {
  const candidate = await visibleCandidate(db, key, null);
  return { profile: await profileOf(db, candidate.id, null, now) };
}
