import {
  BOARD_SETTINGS_WORDS,
  BOARD_SETTINGS_ELEMENT,
  DEFAULT_BOARD_SETTINGS,
  type BoardSettingsOverrides,
} from "@/lib/board-settings";
import { scriptJson } from "@/lib/script-json";

/*
 * The board's settings on the pages the build prerendered (issue 64; docs/board-settings.md).
 * The sign-in pages, the 404 and the signed-in screens' shell are HTML files written at build
 * time, with the defaults: _document wrote no settings into them. The server layer
 * (lib/server/http/server-layer.ts) hands such a page here before it is sent and stored: the
 * defaults the owner changed are replaced, as React escaped them, by the owner's words, and the
 * page gets the settings element the browser reads, so the hydrated page renders exactly the
 * HTML it was sent (no mismatch, nothing shifts). No extra request, no script; a board without
 * changes gets its page byte for byte.
 *
 * Only the words are replaced, never the page's structure: the named social profiles (a footer
 * entry each, none by default) would add elements, so they are left out of the element written
 * here, and these few pages show the footer without them (see the docs).
 */

/** Text as React writes it in HTML, in an element or an attribute. */
const escapeHtml = (text: string) =>
  text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#x27;");

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A page Next.js prerendered at build time (its data says it was exported). */
const PRERENDERED = /<script id="__NEXT_DATA__" type="application\/json">[^<]*"nextExport":true/;

/**
 * The prerendered page `html` with the owner's words (`overrides`) in place of the defaults, and
 * the settings element; undefined when there is nothing to change: no overrides, a page rendered
 * on request (its _document wrote the settings), or a page that is not a prerendered one.
 */
export function prerenderedWithBoardSettings(
  html: string,
  overrides: BoardSettingsOverrides | null,
): string | undefined {
  if (!overrides || !PRERENDERED.test(html)) return undefined;
  if (html.includes(`id="${BOARD_SETTINGS_ELEMENT}"`)) return undefined;
  const words: BoardSettingsOverrides = {};
  const replacements = new Map<string, string>();
  for (const key of BOARD_SETTINGS_WORDS) {
    const value = overrides[key];
    const fallback = DEFAULT_BOARD_SETTINGS[key];
    if (typeof value !== "string" || value === "" || value === fallback) continue;
    words[key] = value;
    if (fallback !== "") replacements.set(escapeHtml(fallback), escapeHtml(value));
  }
  if (Object.keys(words).length === 0) return undefined;
  // One pass, the longest default first, scripts' contents kept as they are: a word put in is
  // never replaced again, and no script's JSON or code is touched.
  const defaults = [...replacements.keys()].sort((a, b) => b.length - a.length);
  const pattern = new RegExp(
    `(<script\\b[^>]*>[\\s\\S]*?</script>)|${defaults.map(escapeRegExp).join("|")}`,
    "g",
  );
  const replaced =
    defaults.length === 0
      ? html
      : html.replace(pattern, (match, script: string | undefined) =>
          script ? match : (replacements.get(match) ?? match),
        );
  const element = `<script type="application/json" id="${BOARD_SETTINGS_ELEMENT}">${scriptJson(words)}</script>`;
  // Where _document puts it: at the start of the body's content, before the page's root.
  const root = replaced.indexOf('<div id="__next">');
  return root === -1 ? undefined : `${replaced.slice(0, root)}${element}${replaced.slice(root)}`;
}
