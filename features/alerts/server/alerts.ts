import { sql, type SQL } from "drizzle-orm";
import { formatSalary } from "@/lib/format";
import type { SalaryPeriod } from "@/features/jobs/pay";
import { annualPay } from "@/features/jobs/server/annual-pay";
import { rowsOf, type Database } from "@/lib/server/db/client";
import { mailAddress } from "@/lib/server/users/mail-address";
import type { MailMessage } from "@/lib/server/mail/messages";
import type { AlertJob } from "./mail/messages";
import {
  DIGEST_OVERLAP,
  dueCondition,
  FIRST_DIGEST_LOOKBACK,
  type AlertRunOptions,
} from "@/features/alerts/server/digest-schedule";

export type { AlertRunOptions };
import { runSavedSearchAlerts } from "./saved-search-alerts";
import { signUnsubscribeToken, unsubscribeKey } from "./unsubscribe-token";

/*
 * Job alerts: each candidate with alerts on gets, at 8:00 in their time zone (Mondays for
 * weekly), a digest of the new open jobs that match their preferences, leaving out those they
 * hid, saved or applied to and those any digest sent them before. Nothing new, no mail.
 *
 * A run works in batches of candidates, each batch one SQL statement in one transaction:
 *
 * 1. claim: move alerts_sent_at to now for up to `batchSize` candidates who are due, skipping
 *    rows another run has locked (FOR UPDATE SKIP LOCKED), so two runs at once never take the
 *    same candidate, and a candidate claimed is not due again until their next 8:00;
 * 2. match: for each claimed candidate, the 10 newest matching jobs published since their
 *    previous digest (an hour before it: DIGEST_OVERLAP), or in the last day or week before the
 *    first, and how many matched in all (a LATERAL subquery read along jobs_published_idx,
 *    the window's jobs only);
 * 3. record the jobs picked in alert_sent_jobs;
 * 4. the caller's `enqueue` queues the mail, in the same transaction: claims, records and mail
 *    commit together or not at all, and a batch that fails is claimed again by the next run.
 *
 * Then the saved searches' alerts that are due go out the same way, a mail per person grouping
 * their searches (saved-search-alerts.ts).
 */

export const DIGEST_SIZE = 10;

export type AlertRunResult = {
  /** Candidates claimed: each had a digest, or was found to have nothing new. */
  candidates: number;
  /** Saved searches claimed (saved-search-alerts.ts): each mailed, or found to have nothing new. */
  searches: number;
  /** Digests and saved-search alerts queued. */
  mails: number;
  /** Jobs in those mails. */
  jobs: number;
  /**
   * SQL statements the preferences' digests sent: one per batch (not counting `enqueue`'s, nor
   * reading the key; saved searches' alerts search the board once or more for each search).
   */
  queries: number;
};

/** One row per job picked for a candidate, or one with job_id null for a candidate with none. */
type DigestRow = {
  user_id: number;
  email: string | null;
  full_name: string | null;
  frequency: "daily" | "weekly";
  job_id: number | null;
  slug: string;
  title: string;
  company_name: string;
  location: string;
  type: string;
  salary_min: number | null;
  salary_max: number | null;
  salary_currency: string;
  salary_period: SalaryPeriod;
  published_ms: number;
  total: number;
};

/**
 * The statement for one batch: claim, match, record; answers the digests' rows. The matching is
 * /jobs's (preferences.ts preferenceConditions, recommendJobs): listed (open, not
 * expired), in the departments, regions (a region's own jobs and the remote jobs open to people
 * there; remote only narrows them to remote) and types chosen,
 * paying at least the salary floor at the top of its range; an empty list means any.
 */
function batchStatement(options: {
  now: Date;
  force: boolean;
  batchSize: number;
  after: number;
}): SQL {
  const now = sql`${options.now.toISOString()}::timestamptz`;
  // Forced, a candidate is due unless a run at this very moment (a concurrent one) claimed them.
  const due = options.force
    ? sql`(p.alerts_sent_at is null or p.alerts_sent_at < ${now})`
    : dueCondition(now);
  const interval = (ms: number) => sql`make_interval(secs => ${ms / 1000})`;
  return sql`
    with claimed as (
      update preferences as claim
      set alerts_sent_at = ${now}
      from (
        select p.user_id, p.alerts_sent_at as previous
        from preferences as p
        where p.alert_frequency in ('daily', 'weekly')
          and p.user_id > ${options.after}
          and ${due}
        order by p.user_id
        limit ${options.batchSize}
        for update skip locked
      ) as due
      where claim.user_id = due.user_id
      returning claim.user_id, due.previous, claim.alert_frequency, claim.departments,
        claim.regions, claim.types, claim.salary_min, claim.remote_only
    ),
    recipients as (
      select claimed.*, ${mailAddress} as email, users.full_name,
        coalesce(
          claimed.previous - ${interval(DIGEST_OVERLAP)},
          ${now} - case claimed.alert_frequency
            when 'daily' then ${interval(FIRST_DIGEST_LOOKBACK.daily)}
            else ${interval(FIRST_DIGEST_LOOKBACK.weekly)} end) as since
      from claimed join users on users.id = claimed.user_id
    ),
    picked as (
      select r.user_id, m.id as job_id, m.total
      from recipients as r
      left join lateral (
        select j.id, (count(*) over ())::integer as total
        from jobs as j
        where r.email is not null
          and j.status = 'open' and j.expires_at > ${now}
          and j.published_at <= ${now} and j.published_at > r.since
          and (cardinality(r.departments) = 0 or j.department = any(r.departments))
          and (case when r.remote_only then j.region = 'remote'
                    else cardinality(r.regions) = 0 or j.board_regions && r.regions end)
          and (cardinality(r.types) = 0 or j.type = any(r.types))
          and (r.salary_min is null or ${annualPay(sql`j.salary_max`, sql`j.salary_period`)} >= r.salary_min)
          and not exists (select 1 from rejections as x where x.user_id = r.user_id and x.job_id = j.id)
          and not exists (select 1 from favorites as x where x.user_id = r.user_id and x.job_id = j.id)
          and not exists (select 1 from applications as x where x.user_id = r.user_id and x.job_id = j.id)
          and not exists (select 1 from alert_sent_jobs as x where x.user_id = r.user_id and x.job_id = j.id)
        order by j.published_at desc, j.id desc
        limit ${DIGEST_SIZE}
      ) as m on true
    ),
    recorded as (
      insert into alert_sent_jobs (user_id, job_id, sent_at)
      select user_id, job_id, ${now} from picked where job_id is not null
      on conflict do nothing
    )
    select r.user_id, r.email, r.full_name, r.alert_frequency as frequency,
      j.id as job_id, j.slug, j.title, c.name as company_name, j.location, j.type,
      j.salary_min, j.salary_max, j.salary_currency, j.salary_period,
      (extract(epoch from j.published_at) * 1000)::float8 as published_ms,
      picked.total
    from recipients as r
    join picked on picked.user_id = r.user_id
    left join jobs as j on j.id = picked.job_id
    left join companies as c on c.id = j.company_id
    order by r.user_id, j.published_at desc, j.id desc`;
}

const toAlertJob = (row: DigestRow): AlertJob => ({
  id: row.job_id!,
  slug: row.slug,
  title: row.title,
  companyName: row.company_name,
  location: row.location,
  type: row.type,
  salary: formatSalary(row.salary_min, row.salary_max, row.salary_currency, row.salary_period),
  publishedAt: new Date(row.published_ms).toISOString(),
});

/** The batch's digests: one per candidate with an address and at least one new job. */
function digestsOf(rows: readonly DigestRow[], key: Buffer, now: Date): MailMessage[] {
  const byCandidate = new Map<number, DigestRow[]>();
  for (const row of rows) {
    if (row.job_id === null) continue;
    const picked = byCandidate.get(row.user_id);
    if (picked) picked.push(row);
    else byCandidate.set(row.user_id, [row]);
  }
  return [...byCandidate.values()].map((picked) => {
    const first = picked[0]!;
    return {
      template: "job-alert",
      to: first.email!,
      props: {
        recipientName: first.full_name,
        frequency: first.frequency,
        jobs: picked.map(toAlertJob),
        moreCount: first.total - picked.length,
        unsubscribeToken: signUnsubscribeToken(key, first.user_id, now),
      },
    };
  });
}

/**
 * One alert run: claims every due candidate, batch by batch, and queues their digests, then the
 * saved searches' alerts. Safe to run on several instances at once; a candidate (and a saved
 * search) is claimed by one of them.
 */
export async function runJobAlerts(
  db: Database,
  { now, force = false, batchSize = 500, enqueue }: AlertRunOptions,
): Promise<AlertRunResult> {
  if (!Number.isInteger(batchSize) || batchSize < 1) {
    throw new RangeError("batchSize must be a positive whole number");
  }
  const result: AlertRunResult = { candidates: 0, searches: 0, mails: 0, jobs: 0, queries: 0 };
  const key = await unsubscribeKey(db);
  // Each batch starts past the last one's candidates, so a statement reads preferences from
  // there on (along its primary key), not again from the start.
  let after = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const rows = rowsOf<DigestRow>(
        await tx.execute(batchStatement({ now, force, batchSize, after })),
      );
      result.queries += 1;
      const messages = digestsOf(rows, key, now);
      if (messages.length > 0) await enqueue(tx, messages);
      return { rows, messages };
    });
    const claimed = new Set(batch.rows.map((row) => row.user_id));
    result.candidates += claimed.size;
    result.mails += batch.messages.length;
    for (const message of batch.messages) {
      if (message.template === "job-alert") result.jobs += message.props.jobs.length;
    }
    // Fewer than a batch: no due candidate is left past `after` but those another run holds.
    if (claimed.size < batchSize) break;
    after = Math.max(...claimed);
  }
  const searches = await runSavedSearchAlerts(db, { now, force, enqueue });
  result.searches = searches.searches;
  result.mails += searches.mails;
  result.jobs += searches.jobs;
  return result;
}
