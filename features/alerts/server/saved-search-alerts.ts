import { sql, type SQL } from "drizzle-orm";
import { formatSalary } from "@/lib/format";
import { MAX_JOBS_PER_PAGE } from "@/features/jobs/filters";
import type { JobSummary } from "@/features/jobs/types";
import type { SearchFilters } from "@/features/saved-searches/search";
import { rowsOf, type Database } from "@/lib/server/db/client";
import { mailAddress } from "@/lib/server/users/mail-address";
import { searchJobsWith } from "@/features/jobs/server/job-search";
import { planSearch } from "@/features/jobs/server/search-plan";
import type { MailMessage } from "@/lib/server/mail/messages";
import type { AlertJob, SearchAlertSection } from "./mail/messages";
import { filtersOfRow } from "@/features/saved-searches/server/saved-searches";
import {
  DIGEST_OVERLAP,
  dueCondition,
  FIRST_DIGEST_LOOKBACK,
  type AlertClock,
  type AlertRunOptions,
} from "@/features/alerts/server/digest-schedule";
import { signUnsubscribeToken, unsubscribeKey } from "./unsubscribe-token";

/*
 * Alerts for saved searches (issue 29): each saved search mailed daily or weekly is due at 8:00
 * in its owner's time zone (their preferences', else UTC; Mondays for weekly), as preferences'
 * digests are (alerts.ts dueCondition). One mail per person per run groups every due search of
 * theirs that has new matches, each search's section linking to its results; nothing new, no mail.
 *
 * A search's new matches are the board's own results for it (searchJobs, the one way the board
 * matches and ranks, so an alert finds what the search's page shows), published since the run
 * before (an hour before it: DIGEST_OVERLAP), or since the search was saved; never further back
 * than its frequency's window, so a search switched back on does not send a month at once.
 * Jobs the person hid, saved, applied to or was sent before (by any alert: alert_sent_jobs) are
 * left out, and a job two searches find is in the first one's section only.
 *
 * A run works in batches of people, each in one transaction: claim their due searches (moving
 * alerts_sent_at to now, FOR UPDATE SKIP LOCKED, so runs at once never take the same search),
 * search each, record the jobs sent in alert_sent_jobs, and queue the mail with `enqueue`; it
 * all commits together or not at all, and a batch that fails is claimed again by the next run.
 */

/** Jobs named in each search's section; the others are counted, with a link to its results. */
export const SEARCH_SECTION_SIZE = 5;

/**
 * Pages of a search's results (of MAX_JOBS_PER_PAGE) read per run, at most: the newest matches
 * come first (a keyword search ranks only its newest matches), so a run that meets this many new
 * ones has plenty for one mail.
 */
const PAGES_READ = 4;

/** As a preferences run's (each person claimed has up to 20 searches to run). */
export type SavedSearchAlertOptions = AlertRunOptions;

export type SavedSearchAlertResult = {
  /** Searches claimed: each had new matches in a mail, or was found to have none. */
  searches: number;
  /** Mails queued: one per person with anything new. */
  mails: number;
  /** Jobs named in those mails. */
  jobs: number;
};

/** A claimed search, with its owner's address. */
type ClaimedRow = {
  id: number;
  user_id: number;
  q: string | null;
  department: string | null;
  region: string | null;
  type: string | null;
  salary_min: number | null;
  alert_frequency: "daily" | "weekly";
  created_ms: number;
  /** When the run claimed it before; null the first time. */
  previous_ms: number | null;
  email: string | null;
  full_name: string | null;
};

/** Claims the due searches of the next `batchSize` people after user `after`. */
function claimStatement(options: {
  now: Date;
  force: boolean;
  batchSize: number;
  after: number;
}): SQL {
  const now = sql`${options.now.toISOString()}::timestamptz`;
  const clock: AlertClock = {
    sentAt: sql`s.alerts_sent_at`,
    frequency: sql`s.alert_frequency`,
    timeZone: sql`coalesce(p.time_zone, 'UTC')`,
  };
  // Forced, a search is due unless a run at this very moment (a concurrent one) claimed it.
  const due = options.force
    ? sql`(s.alerts_sent_at is null or s.alerts_sent_at < ${now})`
    : dueCondition(now, clock);
  return sql`
    with people as (
      select distinct s.user_id
      from saved_searches as s
      left join preferences as p on p.user_id = s.user_id
      where s.alert_frequency in ('daily', 'weekly') and s.user_id > ${options.after} and ${due}
      order by s.user_id
      limit ${options.batchSize}
    ),
    due as (
      select s.id, s.alerts_sent_at as previous
      from saved_searches as s
      left join preferences as p on p.user_id = s.user_id
      where s.user_id in (select user_id from people)
        and s.alert_frequency in ('daily', 'weekly') and ${due}
      for update of s skip locked
    ),
    claimed as (
      update saved_searches as claim
      set alerts_sent_at = ${now}
      from due
      where claim.id = due.id
      returning claim.id, claim.user_id, claim.q, claim.department, claim.region, claim.type,
        claim.salary_min, claim.alert_frequency, claim.created_at, due.previous
    )
    select claimed.id, claimed.user_id, claimed.q, claimed.department, claimed.region,
      claimed.type, claimed.salary_min, claimed.alert_frequency,
      (extract(epoch from claimed.created_at) * 1000)::float8 as created_ms,
      (extract(epoch from claimed.previous) * 1000)::float8 as previous_ms,
      ${mailAddress} as email, users.full_name
    from claimed join users on users.id = claimed.user_id
    order by claimed.user_id, claimed.created_at, claimed.id`;
}

/** The search a claimed row keeps. */
const filtersOf = (row: ClaimedRow): SearchFilters =>
  filtersOfRow({
    q: row.q,
    department: row.department,
    region: row.region,
    type: row.type,
    salaryMin: row.salary_min,
  });

/**
 * The search's listed matches published after `since` (and by `now`), in the order its results
 * show them, read page by page as searchJobs reads them: without a keyword the board lists a
 * few sponsored slots atop the first page, then every other job newest first, so once a page
 * ends on a job older than `since` no later page has a new one; a keyword search ranks its newest matches, read up to
 * PAGES_READ pages.
 */
export async function newMatches(
  db: Database,
  filters: SearchFilters,
  since: number,
  now: Date,
): Promise<JobSummary[]> {
  const found: JobSummary[] = [];
  const isNew = (job: JobSummary) => {
    const at = Date.parse(job.published_at);
    return at > since && at <= now.getTime();
  };
  // The keyword is read (synonyms, typos) once for every page.
  const plan = filters.q ? await planSearch(db, filters.q) : null;
  for (let page = 1; page <= PAGES_READ; page++) {
    const results = await searchJobsWith(
      db,
      { ...filters, page, per_page: MAX_JOBS_PER_PAGE },
      plan,
      now,
    );
    found.push(...results.jobs.filter(isNew));
    if (page >= results.page_count) break;
    const last = results.jobs.at(-1);
    if (!filters.q && last && !isNew(last)) break;
  }
  return found;
}

/** Which of `jobIds` the person hid, saved, applied to, or was sent in an alert before. */
async function jobsToLeaveOut(
  db: Database,
  userId: number,
  jobIds: readonly number[],
): Promise<Set<number>> {
  if (jobIds.length === 0) return new Set();
  const ids = sql.join(
    jobIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const marked = (table: string) =>
    sql`select job_id from ${sql.raw(table)} where user_id = ${userId} and job_id in (${ids})`;
  const rows = rowsOf<{ job_id: number }>(
    await db.execute(sql`
      ${marked("alert_sent_jobs")} union ${marked("rejections")}
      union ${marked("favorites")} union ${marked("applications")}`),
  );
  return new Set(rows.map((row) => row.job_id));
}

const toAlertJob = (job: JobSummary): AlertJob => ({
  id: job.id,
  slug: job.slug,
  title: job.title,
  companyName: job.company.name,
  location: job.location,
  type: job.type,
  salary: formatSalary(job.salary_min, job.salary_max, job.salary_currency, job.salary_period),
  publishedAt: job.published_at,
});

/** One person's due searches: their mail's sections, and the jobs it names. */
async function sectionsFor(
  db: Database,
  searches: readonly ClaimedRow[],
  now: Date,
): Promise<SearchAlertSection[]> {
  const found = [];
  for (const row of searches) {
    const filters = filtersOf(row);
    // Back to the last run (less the overlap), or to when it was saved; no further than its window.
    const window = now.getTime() - FIRST_DIGEST_LOOKBACK[row.alert_frequency] - DIGEST_OVERLAP;
    const since = Math.max(
      row.previous_ms === null ? row.created_ms : row.previous_ms - DIGEST_OVERLAP,
      window,
    );
    found.push({ row, filters, jobs: await newMatches(db, filters, since, now) });
  }
  const leftOut = await jobsToLeaveOut(
    db,
    searches[0]!.user_id,
    found.flatMap(({ jobs }) => jobs.map((job) => job.id)),
  );
  const sections: SearchAlertSection[] = [];
  for (const { row, filters, jobs } of found) {
    const fresh = jobs.filter((job) => !leftOut.has(job.id));
    // A job two searches find is named in the first one's section only.
    for (const job of fresh) leftOut.add(job.id);
    if (fresh.length === 0) continue;
    sections.push({
      filters,
      frequency: row.alert_frequency,
      jobs: fresh.slice(0, SEARCH_SECTION_SIZE).map(toAlertJob),
      moreCount: Math.max(0, fresh.length - SEARCH_SECTION_SIZE),
    });
  }
  return sections;
}

/**
 * One run of saved searches' alerts: claims every due search, person by person in batches, and
 * queues their mail. Safe to run on several instances at once; a search is claimed by one.
 */
export async function runSavedSearchAlerts(
  db: Database,
  { now, force = false, batchSize = 50, enqueue }: SavedSearchAlertOptions,
): Promise<SavedSearchAlertResult> {
  if (!Number.isInteger(batchSize) || batchSize < 1) {
    throw new RangeError("batchSize must be a positive whole number");
  }
  const result: SavedSearchAlertResult = { searches: 0, mails: 0, jobs: 0 };
  const key = await unsubscribeKey(db);
  // Each batch starts past the last one's people, reading saved_searches from there on.
  let after = 0;
  for (;;) {
    const claimed = await db.transaction(async (tx) => {
      const rows = rowsOf<ClaimedRow>(
        await tx.execute(claimStatement({ now, force, batchSize, after })),
      );
      const byPerson = new Map<number, ClaimedRow[]>();
      for (const row of rows) {
        const searches = byPerson.get(row.user_id);
        if (searches) searches.push(row);
        else byPerson.set(row.user_id, [row]);
      }
      const messages: MailMessage[] = [];
      for (const [userId, searches] of byPerson) {
        const { email, full_name } = searches[0]!;
        if (email === null) continue;
        const sections = await sectionsFor(tx, searches, now);
        if (sections.length === 0) continue;
        await tx.execute(sql`
          insert into alert_sent_jobs (user_id, job_id, sent_at)
          values ${sql.join(
            sections.flatMap((section) =>
              section.jobs.map((job) => sql`(${userId}, ${job.id}, ${now.toISOString()})`),
            ),
            sql`, `,
          )}
          on conflict do nothing`);
        messages.push({
          template: "saved-search-alert",
          to: email,
          props: {
            recipientName: full_name,
            searches: sections,
            unsubscribeToken: signUnsubscribeToken(key, userId, now),
          },
        });
        result.jobs += sections.reduce((sum, section) => sum + section.jobs.length, 0);
      }
      if (messages.length > 0) await enqueue(tx, messages);
      result.mails += messages.length;
      return byPerson;
    });
    result.searches += [...claimed.values()].reduce((sum, searches) => sum + searches.length, 0);
    // Nobody claimed: nobody due is left past `after` but those another run holds, and that run
    // goes on past them. A short batch is not the end: runs that picked the same people (the
    // people are chosen before their searches are locked) can each lock some of them, and each
    // must then go on to the people after, or those wait for the next run.
    if (claimed.size === 0) break;
    after = Math.max(...claimed.keys());
  }
  return result;
}
