import {
  NEWSLETTER_URL,
  SITE_DESCRIPTION,
  SITE_NAME,
  SITE_TAGLINE,
  SOCIAL_URL,
  SUPPORT_EMAIL,
} from "@/lib/site";

/*
 * The board's own words (issue 64), as its owner set them in /review/settings: the name, tagline,
 * hero text, contact address and links that the header, footer, mail and structured data print.
 * Each one the owner has not set is today's constant (lib/site.ts), so a board without settings
 * prints exactly what it printed before.
 *
 * How they reach a page without a request of their own (docs/board-settings.md):
 * - on the server, lib/server/board-settings.ts keeps them in this process (globalThis, shared by
 *   the server's and Next.js's bundles), refreshed before each page render (_document) and each
 *   mail, and dropped by any purge (a settings change purges every page, in every instance);
 * - the server writes the ones that differ from the defaults into the page as JSON
 *   (BOARD_SETTINGS_ELEMENT), which the browser reads once, so the hydrated header matches.
 *   Without changes nothing is written: the page is byte for byte what it was.
 */

/** The named social links the footer may show beside "Follow us". */
export const SOCIAL_NETWORKS = ["x", "linkedin", "instagram", "youtube"] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

export const SOCIAL_NETWORK_LABELS: Record<SocialNetwork, string> = {
  x: "X",
  linkedin: "LinkedIn",
  instagram: "Instagram",
  youtube: "YouTube",
};

export type BoardSettings = {
  name: string;
  tagline: string;
  /** The home page's lead and the board's description (meta, feeds). */
  heroText: string;
  contactEmail: string;
  newsletterUrl: string;
  /** The footer's "Follow us". */
  socialUrl: string;
  /** Further named profiles, shown when set. */
  social: Record<SocialNetwork, string | null>;
};

export const DEFAULT_BOARD_SETTINGS: BoardSettings = {
  name: SITE_NAME,
  tagline: SITE_TAGLINE,
  heroText: SITE_DESCRIPTION,
  contactEmail: SUPPORT_EMAIL,
  newsletterUrl: NEWSLETTER_URL,
  socialUrl: SOCIAL_URL,
  social: { x: null, linkedin: null, instagram: null, youtube: null },
};

/** The settings that are plain words (every field but the named social profiles). */
export const BOARD_SETTINGS_WORDS = [
  "name",
  "tagline",
  "heroText",
  "contactEmail",
  "newsletterUrl",
  "socialUrl",
] as const;

/** What the owner changed: only the fields that differ from the defaults. */
export type BoardSettingsOverrides = Partial<Omit<BoardSettings, "social">> & {
  social?: Partial<BoardSettings["social"]>;
};

/** The defaults with `overrides` applied (null and undefined keep the default). */
export function withOverrides(overrides: BoardSettingsOverrides | null | undefined): BoardSettings {
  const settings: BoardSettings = {
    ...DEFAULT_BOARD_SETTINGS,
    social: { ...DEFAULT_BOARD_SETTINGS.social },
  };
  if (!overrides) return settings;
  for (const key of BOARD_SETTINGS_WORDS) {
    const value = overrides[key];
    if (typeof value === "string" && value !== "") settings[key] = value;
  }
  for (const network of SOCIAL_NETWORKS) {
    const value = overrides.social?.[network];
    if (typeof value === "string" && value !== "") settings.social[network] = value;
  }
  return settings;
}

/** The id of the JSON element that carries a page's changed settings to the browser. */
export const BOARD_SETTINGS_ELEMENT = "board-settings";

const GLOBAL_KEY = Symbol.for("creator-jobs.board-settings");
type Holder = { [GLOBAL_KEY]?: BoardSettingsOverrides | null };

/** Sets this process's settings (server: lib/server/board-settings.ts; tests). */
export function setBoardSettingsOverrides(overrides: BoardSettingsOverrides | null): void {
  (globalThis as Holder)[GLOBAL_KEY] = overrides;
}

/** What the owner changed, as this process knows it; in a browser, as the page carried it. */
export function boardSettingsOverrides(): BoardSettingsOverrides | null {
  const holder = globalThis as Holder;
  if (holder[GLOBAL_KEY] === undefined && typeof document !== "undefined") {
    const element = document.getElementById(BOARD_SETTINGS_ELEMENT);
    try {
      holder[GLOBAL_KEY] = element?.textContent
        ? (JSON.parse(element.textContent) as BoardSettingsOverrides)
        : null;
    } catch {
      holder[GLOBAL_KEY] = null;
    }
  }
  return holder[GLOBAL_KEY] ?? null;
}

/** The board's settings now: what the header, footer, mail and structured data print. */
export const boardSettings = (): BoardSettings => withOverrides(boardSettingsOverrides());

/** The contact address as a mailto: link. */
export const contactMailto = (settings: BoardSettings) => `mailto:${settings.contactEmail}`;
