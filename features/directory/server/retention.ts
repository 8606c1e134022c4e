import type { Database } from "@/lib/server/db/client";
import { forgetOldAllowances } from "./allowances";
import { forgetOldProfileViews } from "./views";

/*
 * What the candidate directory forgets (issue 47), run by the daily `purge-applications` task
 * with the board's other retention (lib/server/worker/tasks.ts): which companies opened a
 * profile, once the candidate's list no longer shows it, and the allowances of days gone.
 */

/** The directory's retention as of `now`: how many rows of each kind went, for the task's log. */
export async function forgetDirectoryHistory(db: Database, now: Date = new Date()) {
  return {
    profile_views: await forgetOldProfileViews(db, now),
    allowances: await forgetOldAllowances(db, now),
  };
}
