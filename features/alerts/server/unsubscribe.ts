import { eq, sql } from "drizzle-orm";
import { turnOffJobAlerts } from "@/features/account/server/preferences";
import { turnOffSearchAlerts } from "@/features/saved-searches/server/saved-searches";
import type { Database } from "@/lib/server/db/client";
import { preferences, savedSearches, users } from "@/lib/server/db/schema";
import {
  existingUnsubscribeKey,
  verifyUnsubscribeToken,
  type TokenCheck,
} from "./unsubscribe-token";

/*
 * What an alert's unsubscribe link does: the page (pages/unsubscribe.tsx) reads it and asks
 * first; the API (pages/api/alerts/unsubscribe.ts) turns the alerts off, for the page's button
 * and for mail clients' one-click unsubscribe (RFC 8058). A token that is not ours, has expired,
 * or names an account since deleted changes nothing.
 */

export type UnsubscribeLink =
  | {
      state: "valid";
      userId: number;
      email: string | null;
      /**
       * Alerts are off already: alert_frequency never (or no preferences saved at all), and no
       * saved search mailed.
       */
      alertsOff: boolean;
    }
  /** invalid: not a token of ours; expired: older than 60 days; deleted: no such account now. */
  | { state: "invalid" | "expired" | "deleted" };

/**
 * `token` checked with this database's key. Reading a link never makes the key: before any alert
 * was signed there is none, and no token is ours.
 */
async function check(db: Database, token: string, now: Date): Promise<TokenCheck> {
  const key = await existingUnsubscribeKey(db);
  return key ? verifyUnsubscribeToken(key, token, now) : { ok: false, reason: "invalid" };
}

/** Who `token` is for and whether their alerts are on; changes nothing. */
export async function readUnsubscribeLink(
  db: Database,
  token: string,
  now: Date,
): Promise<UnsubscribeLink> {
  const checked = await check(db, token, now);
  if (!checked.ok) return { state: checked.reason };
  const [row] = await db
    .select({
      email: users.email,
      frequency: preferences.alertFrequency,
      searchesOn: sql<boolean>`exists (select 1 from ${savedSearches}
        where ${savedSearches.userId} = ${users.id} and ${savedSearches.alertFrequency} <> 'never')`,
    })
    .from(users)
    .leftJoin(preferences, eq(preferences.userId, users.id))
    .where(eq(users.id, checked.userId));
  if (!row) return { state: "deleted" };
  return {
    state: "valid",
    userId: checked.userId,
    email: row.email,
    // No row: the run only mails candidates who saved preferences.
    alertsOff: (row.frequency === null || row.frequency === "never") && !row.searchesOn,
  };
}

/**
 * Turns off the alerts of the person `token` is for (alert_frequency never, saved as a
 * preference, so /preferences shows it), their saved searches' too: one link stops every job
 * alert, whichever mail it came in. The same answer as readUnsubscribeLink, after.
 */
export async function unsubscribeWithToken(
  db: Database,
  token: string,
  now: Date,
): Promise<UnsubscribeLink> {
  const checked = await check(db, token, now);
  if (!checked.ok) return { state: checked.reason };
  // The account's row held first: one deleted meanwhile changes nothing, rather than failing
  // the preferences' key, and one being deleted waits for this to commit.
  const row = await db.transaction(async (tx) => {
    const [person] = await tx
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, checked.userId))
      .for("update");
    if (!person) return null;
    await turnOffJobAlerts(tx, checked.userId, now);
    await turnOffSearchAlerts(tx, checked.userId, now);
    return person;
  });
  if (!row) return { state: "deleted" };
  return { state: "valid", userId: checked.userId, email: row.email, alertsOff: true };
}
