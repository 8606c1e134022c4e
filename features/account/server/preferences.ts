import { and, arrayOverlaps, desc, eq, gte, inArray, notInArray, sql, type SQL } from "drizzle-orm";
import {
  DEFAULT_PREFERENCES,
  type Preferences,
  type Recommendations,
} from "@/features/account/types";
import type { PreferencesChanges } from "@/features/account/schemas";
import { JOBS_PER_PAGE } from "@/features/jobs/filters";
import type { Database } from "@/lib/server/db/client";
import { databaseErrorCode } from "@/lib/server/db/errors";
import {
  companies,
  jobs,
  preferences,
  rejections,
  type PreferencesRow,
} from "@/lib/server/db/schema";
import { isListed, summaryColumns } from "@/features/jobs/server/jobs";
import { cappedCount, COUNT_CAP, pageOf } from "@/features/jobs/server/job-search";
import { log } from "@/lib/server/log";

function toPreferences(row: PreferencesRow | undefined): Preferences {
  if (!row) return { ...DEFAULT_PREFERENCES };
  return {
    departments: row.departments,
    regions: row.regions,
    types: row.types,
    salary_min: row.salaryMin,
    remote_only: row.remoteOnly,
    alert_frequency: row.alertFrequency,
    time_zone: row.timeZone,
  };
}

/** The user's preferences; the defaults until they save some. */
export async function getPreferences(db: Database, userId: number): Promise<Preferences> {
  const [row] = await db.select().from(preferences).where(eq(preferences.userId, userId));
  return toPreferences(row);
}

/**
 * `zone` if the database can convert times to it, else "UTC". The schema has already checked it
 * against the runtime's ICU; the database's tz data is another copy, maybe older, and the alert
 * run converts in SQL (a name it does not know would fail the whole batch). A candidate is never
 * kept from saving their preferences over it: their alerts come at 8:00 UTC instead.
 */
async function storableTimeZone(db: Database, zone: string): Promise<string> {
  if (zone === "UTC") return zone;
  try {
    // In a savepoint of its own when called inside a transaction, so a refusal aborts nothing.
    await db.transaction((tx) => tx.execute(sql`select now() at time zone ${zone}`));
    return zone;
  } catch (error) {
    // 22023, invalid_parameter_value: 'time zone "…" not recognized'. Anything else is a failure.
    if (databaseErrorCode(error) !== "22023") throw error;
    log.warn({ zone }, "The database does not know this time zone; using UTC");
    return "UTC";
  }
}

/** Changes the fields given and keeps the others. */
export async function updatePreferences(
  db: Database,
  userId: number,
  changes: PreferencesChanges,
): Promise<Preferences> {
  const { time_zone: timeZone, ...fields } = changes;
  const next = { ...(await getPreferences(db, userId)), ...fields };
  const values = {
    departments: next.departments,
    regions: next.regions,
    types: next.types,
    salaryMin: next.salary_min,
    remoteOnly: next.remote_only,
    alertFrequency: next.alert_frequency,
    // Left out, the zone stays as it is (UTC for a new row).
    ...(timeZone !== undefined && { timeZone: await storableTimeZone(db, timeZone) }),
    updatedAt: new Date(),
  };
  const [row] = await db
    .insert(preferences)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: preferences.userId, set: values })
    .returning();
  return toPreferences(row);
}

/** Whether the preferences narrow the board at all. */
const personalizes = (prefs: Preferences) =>
  prefs.departments.length > 0 ||
  prefs.regions.length > 0 ||
  prefs.types.length > 0 ||
  prefs.salary_min !== null ||
  prefs.remote_only;

function preferenceConditions(prefs: Preferences): SQL[] {
  const conditions: SQL[] = [];
  if (prefs.departments.length) conditions.push(inArray(jobs.department, prefs.departments));
  // Remote only narrows the regions to remote work, whatever else was picked.
  if (prefs.remote_only) conditions.push(eq(jobs.region, "remote"));
  // A region picks the jobs based there and the remote jobs open to people there.
  else if (prefs.regions.length) conditions.push(arrayOverlaps(jobs.boardRegions, prefs.regions));
  if (prefs.types.length) conditions.push(inArray(jobs.type, prefs.types));
  if (prefs.salary_min !== null) conditions.push(gte(jobs.salaryMax, prefs.salary_min));
  return conditions;
}

/**
 * Listed jobs that match the user's preferences, newest first (sponsored ones do not jump the
 * queue here: this list is the candidate's, not the advertisers'), without the jobs they hid.
 */
export async function recommendJobs(
  db: Database,
  userId: number,
  page: number,
  now: Date = new Date(),
): Promise<Recommendations> {
  const prefs = await getPreferences(db, userId);
  const hidden = db
    .select({ jobId: rejections.jobId })
    .from(rejections)
    .where(eq(rejections.userId, userId));
  const where = and(isListed(now), notInArray(jobs.id, hidden), ...preferenceConditions(prefs));
  const perPage = JOBS_PER_PAGE;
  const [rows, counted] = await Promise.all([
    db
      .select(summaryColumns)
      .from(jobs)
      .innerJoin(companies, eq(companies.id, jobs.companyId))
      .where(where)
      .orderBy(desc(jobs.publishedAt), desc(jobs.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    cappedCount(db, where, COUNT_CAP),
  ]);
  return {
    ...pageOf(rows, counted, COUNT_CAP, { page, per_page: perPage }),
    personalized: personalizes(prefs),
  };
}

/**
 * Job alerts turned off (alert_frequency never), saved as a preference so /preferences shows it;
 * a person with no preferences saved gets a row with the defaults and alerts off. The caller
 * holds the user's row (an unsubscribe link's account deleted meanwhile would fail the key).
 */
export async function turnOffJobAlerts(db: Database, userId: number, now: Date): Promise<void> {
  await db
    .insert(preferences)
    .values({ userId, alertFrequency: "never", updatedAt: now })
    .onConflictDoUpdate({
      target: preferences.userId,
      set: { alertFrequency: "never", updatedAt: now },
    });
}
