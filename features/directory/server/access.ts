import { and, eq, inArray, isNotNull, isNull, notExists, or, sql, type SQL } from "drizzle-orm";
import { NO_LIVE_LISTING } from "@/features/directory/directory";
import type { Database } from "@/lib/server/db/client";
import { companyBlocks, jobs, users, type User } from "@/lib/server/db/schema";
import { forbidden, notFound } from "@/lib/server/errors";

/*
 * Who may find whom in the candidate directory (issue 47), in one place for the search, the
 * profile, invitations and the moderators' view:
 *
 * - an employer searches, opens and invites only once their company has had a listing live on
 *   the board (open now, or filled, expired or withdrawn after approval since): a throwaway account cannot scrape it;
 * - they find public and employers-only profiles, never hidden ones, and never a candidate who
 *   stopped their company; a deleted account's row is gone, so it is in no result at once;
 * - anything else a path names is 404, as if there were no such profile.
 *
 * Every check reads the database on the request: a candidate who hides their profile is hidden
 * from the next request on.
 */

/**
 * Listings in these states went live on the board at some point; so did a withdrawn one a
 * moderator had approved (a job gone from its ATS ends so, issue 61).
 */
const WENT_LIVE = ["open", "filled", "expired"] as const;
const wentLive = () =>
  or(
    inArray(jobs.status, WENT_LIVE),
    and(eq(jobs.status, "withdrawn"), isNotNull(jobs.reviewedAt), isNull(jobs.rejectionReason)),
  );

export const CANDIDATE_NOT_FOUND = "Candidate not found";

/** 403 unless the company has had a listing live on the board. */
export async function assertCompanyHasHired(db: Database, companyId: number): Promise<void> {
  const [row] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.companyId, companyId), wentLive()))
    .limit(1);
  if (!row) throw forbidden(NO_LIVE_LISTING);
}

/** The profiles employers may find at all: public and employers-only. */
export const findableProfile = (): SQL => sql`${users.profileVisibility} <> 'hidden'`;

/** The profiles `companyId` may find: findable, and not stopped by their candidate. */
export const findableBy = (companyId: number): SQL =>
  and(
    findableProfile(),
    notExists(
      sql`(select 1 from ${companyBlocks}
        where ${companyBlocks.candidateId} = ${users.id} and ${companyBlocks.companyId} = ${companyId})`,
    ),
  )!;

/**
 * The candidate `key` names, if `companyId` may see them (any findable profile for a
 * moderator, `companyId` null); 404 otherwise.
 */
export async function visibleCandidate(
  db: Database,
  key: string,
  companyId: number | null,
): Promise<User> {
  const [user] = await db
    .select()
    .from(users)
    .where(
      and(
        eq(users.profileKey, key),
        companyId === null ? findableProfile() : findableBy(companyId),
      ),
    );
  if (!user) throw notFound(CANDIDATE_NOT_FOUND);
  return user;
}
