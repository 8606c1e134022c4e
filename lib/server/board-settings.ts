import { eq } from "drizzle-orm";
import {
  setBoardSettingsOverrides,
  SOCIAL_NETWORKS,
  type BoardSettingsOverrides,
} from "@/lib/board-settings";
import type { Database } from "./db/client";
import { boardSettings } from "./db/schema";
import { onPurge } from "./http/page-cache";
import { log } from "./log";

/*
 * This process's copy of the board's settings (lib/board-settings.ts): read from its one row
 * before a page is rendered (pages/_document.tsx) and before a mail is (the mail job), and read
 * again only when it may have changed: after any purge this process applies (a change purges
 * every page, and the purge reaches every instance and worker: purge-bus.ts), and at the latest
 * after REREAD_MS, should a purge have been missed. So a render costs no query almost always.
 */

export type BoardSettingsRow = typeof boardSettings.$inferSelect;

/** A change missed (a purge lost with a connection) is read within this long. */
const REREAD_MS = 60_000;

const STATE_KEY = Symbol.for("creator-jobs.board-settings-state");
type State = { readAt: number; stale: boolean; stopListening?: () => void };

function state(): State {
  const holder = globalThis as { [STATE_KEY]?: State };
  holder[STATE_KEY] ??= { readAt: 0, stale: true };
  return holder[STATE_KEY];
}

/** What the owner changed, from the row (none: no row, or every column null). */
export function overridesOf(row: BoardSettingsRow | undefined): BoardSettingsOverrides | null {
  if (!row) return null;
  const overrides: BoardSettingsOverrides = {};
  const set = <K extends keyof BoardSettingsOverrides>(key: K, value: string | null) => {
    if (value !== null) overrides[key] = value as BoardSettingsOverrides[K];
  };
  set("name", row.name);
  set("tagline", row.tagline);
  set("heroText", row.heroText);
  set("contactEmail", row.contactEmail);
  set("newsletterUrl", row.newsletterUrl);
  set("socialUrl", row.socialUrl);
  const social = {
    x: row.xUrl,
    linkedin: row.linkedinUrl,
    instagram: row.instagramUrl,
    youtube: row.youtubeUrl,
  };
  for (const network of SOCIAL_NETWORKS) {
    if (social[network] !== null) (overrides.social ??= {})[network] = social[network];
  }
  return Object.keys(overrides).length > 0 ? overrides : null;
}

/** The settings row, or undefined when the owner never saved any. */
export async function readBoardSettingsRow(db: Database): Promise<BoardSettingsRow | undefined> {
  const [row] = await db.select().from(boardSettings).where(eq(boardSettings.id, 1));
  return row;
}

/** Marks this process's copy as to be read again (a change here, or any purge). */
export function forgetBoardSettings(): void {
  state().stale = true;
}

/**
 * Makes this process's copy current, reading the row when it may have changed. A database that
 * cannot be read leaves the copy as it was (the page still renders).
 */
export async function refreshBoardSettings(db: Database | (() => Promise<Database>)) {
  const current = state();
  current.stopListening ??= onPurge(forgetBoardSettings);
  if (!current.stale && Date.now() - current.readAt < REREAD_MS) return;
  try {
    const database = typeof db === "function" ? await db() : db;
    // Marked read before the query, so a purge during it makes the next render read again.
    current.stale = false;
    current.readAt = Date.now();
    setBoardSettingsOverrides(overridesOf(await readBoardSettingsRow(database)));
  } catch (error) {
    current.stale = true;
    log.error({ err: error }, "Could not read the board's settings; the last ones stand");
  }
}
