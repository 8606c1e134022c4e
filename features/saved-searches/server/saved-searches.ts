import { and, count, desc, eq, sql, type SQL } from "drizzle-orm";
import type { AlertFrequency } from "@/features/account/constants";
import { MAX_SAVED_SEARCHES } from "@/features/saved-searches/constants";
import type { SavedSearchInput } from "@/features/saved-searches/schemas";
import {
  searchLabel,
  searchResultsPath,
  type SearchFilters,
} from "@/features/saved-searches/search";
import type { SavedSearch } from "@/features/saved-searches/types";
import type { Database } from "@/lib/server/db/client";
import { savedSearches, users, type SavedSearchRow } from "@/lib/server/db/schema";
import { InvalidInput, unauthenticated } from "@/lib/server/errors";

/*
 * A candidate's saved searches (issue 29): a search of the board (words and filters) and how
 * often its new matches are mailed (features/alerts/server/saved-search-alerts.ts). Every function
 * takes the caller's user id and touches only that user's rows.
 */

/** The search a row keeps, as the job lists name their filters. */
export function filtersOfRow(
  row: Pick<SavedSearchRow, "q" | "department" | "region" | "type" | "salaryMin">,
): SearchFilters {
  const filters: SearchFilters = {};
  if (row.q !== null) filters.q = row.q;
  // The columns hold what the schema let in: slugs of the taxonomy.
  if (row.department !== null) filters.department = row.department as SearchFilters["department"];
  if (row.region !== null) filters.region = row.region as SearchFilters["region"];
  if (row.type !== null) filters.type = row.type as SearchFilters["type"];
  if (row.salaryMin !== null) filters.salary_min = row.salaryMin;
  return filters;
}

function toSavedSearch(row: SavedSearchRow): SavedSearch {
  const filters = filtersOfRow(row);
  return {
    id: row.id,
    q: filters.q ?? null,
    department: filters.department ?? null,
    region: filters.region ?? null,
    type: filters.type ?? null,
    salary_min: filters.salary_min ?? null,
    alert_frequency: row.alertFrequency,
    label: searchLabel(filters),
    url: searchResultsPath(filters),
    created_at: row.createdAt.toISOString(),
  };
}

/** The caller's saved searches, newest first. */
export async function listSavedSearches(db: Database, userId: number): Promise<SavedSearch[]> {
  const rows = await db
    .select()
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(desc(savedSearches.createdAt), desc(savedSearches.id));
  return rows.map(toSavedSearch);
}

/** The row keeping the same search as `filters` (saved_searches_user_search_key's terms). */
const sameSearchAs = (filters: SearchFilters): SQL =>
  and(
    sql`lower(coalesce(${savedSearches.q}, '')) = lower(${filters.q ?? ""})`,
    sql`coalesce(${savedSearches.department}, '') = ${filters.department ?? ""}`,
    sql`coalesce(${savedSearches.region}, '') = ${filters.region ?? ""}`,
    sql`coalesce(${savedSearches.type}, '') = ${filters.type ?? ""}`,
    sql`coalesce(${savedSearches.salaryMin}, -1) = ${filters.salary_min ?? -1}`,
  )!;

const tooMany = () =>
  new InvalidInput({
    body: [
      `You can keep up to ${MAX_SAVED_SEARCHES} saved searches. Delete one on Preferences to save this one.`,
    ],
  });

/**
 * Saves a search, or, when the caller keeps the same one already, changes how often it is
 * mailed. `created` is false then. A 21st search is refused (a field error on the body).
 */
export async function saveSearch(
  db: Database,
  userId: number,
  { filters, alert_frequency }: SavedSearchInput,
  now: Date = new Date(),
): Promise<{ savedSearch: SavedSearch; created: boolean }> {
  return db.transaction(async (tx) => {
    // The person's row, locked: their saves are counted and made one at a time, so two at once
    // can neither both pass the cap nor both insert the same search.
    const [person] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    if (!person)
      throw unauthenticated("This account was deleted; sign in again to start a new one");
    const owned = eq(savedSearches.userId, userId);
    const [existing] = await tx
      .update(savedSearches)
      .set({ alertFrequency: alert_frequency, updatedAt: now })
      .where(and(owned, sameSearchAs(filters)))
      .returning();
    if (existing) return { savedSearch: toSavedSearch(existing), created: false };
    const [kept] = await tx.select({ total: count() }).from(savedSearches).where(owned);
    if ((kept?.total ?? 0) >= MAX_SAVED_SEARCHES) throw tooMany();
    const [row] = await tx
      .insert(savedSearches)
      .values({
        userId,
        q: filters.q ?? null,
        department: filters.department ?? null,
        region: filters.region ?? null,
        type: filters.type ?? null,
        salaryMin: filters.salary_min ?? null,
        alertFrequency: alert_frequency,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return { savedSearch: toSavedSearch(row!), created: true };
  });
}

/** Changes how often one of the caller's searches is mailed; null if they have no such search. */
export async function updateSavedSearch(
  db: Database,
  userId: number,
  id: number,
  alertFrequency: AlertFrequency,
  now: Date = new Date(),
): Promise<SavedSearch | null> {
  const [row] = await db
    .update(savedSearches)
    .set({ alertFrequency, updatedAt: now })
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning();
  return row ? toSavedSearch(row) : null;
}

/** No saved search of `userId`'s is mailed any more (an alert's unsubscribe link). */
export async function turnOffSearchAlerts(db: Database, userId: number, now: Date): Promise<void> {
  await db
    .update(savedSearches)
    .set({ alertFrequency: "never", updatedAt: now })
    .where(and(eq(savedSearches.userId, userId), sql`${savedSearches.alertFrequency} <> 'never'`));
}

/** Deletes one of the caller's searches; false if they have no such search. */
export async function deleteSavedSearch(
  db: Database,
  userId: number,
  id: number,
): Promise<boolean> {
  const deleted = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning({ id: savedSearches.id });
  return deleted.length > 0;
}
