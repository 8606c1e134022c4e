/*
 * Figures the legal documents promise (content/legal/*.md writes them `{{NAME}}`, filled in by
 * features/content/server/legal.ts) and the code keeps: how long data is kept, and the
 * directory's daily limits. Shared, so that content prints them without importing the features
 * that enforce them (applications, directory), which re-export them from their constants.
 */

/** How long after its listing closed an application's CV and answers are kept. */
export const APPLICATION_RETENTION_DAYS = 180;

/**
 * Candidates the directory shows a company a day (UTC), on a search's page or opened, each
 * counted once a day (issue 60).
 */
export const PROFILE_VIEWS_PER_DAY = 200;
/** Invitations to apply a company may send a day (UTC). */
export const INVITATIONS_PER_DAY = 20;
/** How far back a candidate sees which companies opened their profile; older views are deleted. */
export const PROFILE_VIEW_DAYS = 30;
/** An invitation, and its answer, are deleted this many days after it was sent. */
export const INVITATION_KEEP_DAYS = 180;
