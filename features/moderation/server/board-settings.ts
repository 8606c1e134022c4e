import { eq } from "drizzle-orm";
import { DEFAULT_BOARD_SETTINGS } from "@/lib/board-settings";
import { recordAudit } from "@/lib/server/audit/audit";
import { moderatorActor } from "@/lib/server/audit/moderator-actor";
import type { Moderator } from "@/lib/server/auth/caller";
import {
  forgetBoardSettings,
  readBoardSettingsRow,
  refreshBoardSettings,
  type BoardSettingsRow,
} from "@/lib/server/board-settings";
import type { Database } from "@/lib/server/db/client";
import { boardSettings, users } from "@/lib/server/db/schema";
import { purgeCachedPages, PURGE_EVERYTHING } from "@/lib/server/http/page-cache";
import type {
  BoardSettingsAnswer,
  BoardSettingsFields,
  BoardSettingsValues,
} from "@/features/moderation/board-settings-schemas";

/*
 * The board's settings (issue 64), the owners' only (area "settings"): one row, each change
 * audited with who made it and what it was before, then every cached page purged (here, in every
 * instance and at the CDN: the header and footer are on all of them) and this process's copy
 * read again (lib/server/board-settings.ts).
 */

const valuesOf = (row: BoardSettingsRow | undefined): BoardSettingsValues => ({
  name: row?.name ?? null,
  tagline: row?.tagline ?? null,
  hero_text: row?.heroText ?? null,
  contact_email: row?.contactEmail ?? null,
  newsletter_url: row?.newsletterUrl ?? null,
  social_url: row?.socialUrl ?? null,
  x_url: row?.xUrl ?? null,
  linkedin_url: row?.linkedinUrl ?? null,
  instagram_url: row?.instagramUrl ?? null,
  youtube_url: row?.youtubeUrl ?? null,
});

const DEFAULTS: BoardSettingsAnswer["defaults"] = {
  name: DEFAULT_BOARD_SETTINGS.name,
  tagline: DEFAULT_BOARD_SETTINGS.tagline,
  hero_text: DEFAULT_BOARD_SETTINGS.heroText,
  contact_email: DEFAULT_BOARD_SETTINGS.contactEmail,
  newsletter_url: DEFAULT_BOARD_SETTINGS.newsletterUrl,
  social_url: DEFAULT_BOARD_SETTINGS.socialUrl,
};

/** The settings as the owner set them, with the defaults they stand in for. */
export async function readBoardSettings(db: Database): Promise<{ settings: BoardSettingsAnswer }> {
  const row = await readBoardSettingsRow(db);
  let updatedBy: string | null = null;
  if (row?.updatedBy) {
    const [user] = await db
      .select({ name: users.fullName, email: users.email })
      .from(users)
      .where(eq(users.id, row.updatedBy));
    updatedBy = user?.name ?? user?.email ?? null;
  }
  return {
    settings: {
      values: valuesOf(row),
      defaults: DEFAULTS,
      updated_at: row ? row.updatedAt.toISOString() : null,
      updated_by: updatedBy,
    },
  };
}

/** Saves the settings (null: the default), audits what changed, and purges every page. */
export async function updateBoardSettings(
  db: Database,
  moderator: Moderator,
  fields: BoardSettingsFields,
): Promise<{ settings: BoardSettingsAnswer }> {
  const actor = await moderatorActor(db, moderator);
  const columns = {
    name: fields.name,
    tagline: fields.tagline,
    heroText: fields.hero_text,
    contactEmail: fields.contact_email,
    newsletterUrl: fields.newsletter_url,
    socialUrl: fields.social_url,
    xUrl: fields.x_url,
    linkedinUrl: fields.linkedin_url,
    instagramUrl: fields.instagram_url,
    youtubeUrl: fields.youtube_url,
    updatedAt: new Date(),
    updatedBy: actor.id,
  };
  const changed = await db.transaction(async (tx) => {
    const before = valuesOf(await readBoardSettingsRow(tx));
    await tx
      .insert(boardSettings)
      .values({ id: 1, ...columns })
      .onConflictDoUpdate({ target: boardSettings.id, set: columns });
    const was: Record<string, unknown> = {};
    const now: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(fields)) {
      if (before[key as keyof BoardSettingsValues] !== value) {
        was[key] = before[key as keyof BoardSettingsValues];
        now[key] = value;
      }
    }
    if (Object.keys(now).length === 0) return false;
    await recordAudit(tx, actor, {
      action: "board_settings.update",
      subjectType: "board_settings",
      subjectId: 1,
      detail: { before: was, after: now },
    });
    return true;
  });
  if (changed) {
    // The header and footer are on every page: all of them go, everywhere.
    purgeCachedPages(PURGE_EVERYTHING);
    forgetBoardSettings();
    await refreshBoardSettings(db);
  }
  return readBoardSettings(db);
}
