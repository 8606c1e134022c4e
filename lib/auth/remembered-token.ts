/*
 * The last ID token Firebase gave this browser, kept so that the signed-in area can start with it
 * as the page starts, instead of waiting for Firebase's SDK to download, read its own storage and
 * ask the provider about the user (lib/auth/auth-context.tsx). Firebase keeps the same token, and
 * the refresh token with it, in this origin's IndexedDB; keeping it here exposes nothing more.
 * It is forgotten on sign-out, and used only while it has a while left to live: Firebase's word,
 * which follows, replaces it or signs the visitor out.
 */

const KEY = "creator-jobs:id-token";

/** A token used at start-up must still be good for this long: the page's first calls use it. */
const MIN_LIFE_MS = 2 * 60_000;

/** The claims of a JWT (its middle part), or null when it is not one. */
export function tokenClaims(token: string): { sub?: unknown; exp?: unknown } | null {
  try {
    const payload = token.split(".")[1] ?? "";
    const json = atob(payload.replace(/-/g, "+").replace(/_/g, "/"));
    const claims: unknown = JSON.parse(json);
    return typeof claims === "object" && claims !== null ? claims : null;
  } catch {
    return null;
  }
}

/** Keeps the current token (or forgets it: null). */
export function rememberToken(token: string | null): void {
  try {
    if (token) window.localStorage.setItem(KEY, token);
    else window.localStorage.removeItem(KEY);
  } catch {
    // Storage can be off (private mode): the page then waits for Firebase, as it would anyway.
  }
}

/** The attribute the head's script sets on `<html>` when this browser remembers a live token. */
export const REMEMBERED_TOKEN_ATTRIBUTE = "data-remembered-token";

/**
 * A script for the head of the signed-in area's pages: marks `<html>` with
 * REMEMBERED_TOKEN_ATTRIBUTE when rememberedToken() would return a token, before the body is
 * parsed, so the profile layout that the server's HTML holds (hidden until a token exists) is
 * shown with the page's first paint rather than once its scripts have run (styles/globals.css).
 */
export const REMEMBERED_TOKEN_SCRIPT = `try{var t=localStorage.getItem(${JSON.stringify(KEY)}),p=t&&t.split(".")[1],e=p&&JSON.parse(atob(p.replace(/-/g,"+").replace(/_/g,"/"))).exp;if(typeof e=="number"&&e*1e3-Date.now()>=${MIN_LIFE_MS})document.documentElement.setAttribute(${JSON.stringify(REMEMBERED_TOKEN_ATTRIBUTE)},"")}catch(_){}`;

/** The remembered token, if there is one with at least MIN_LIFE_MS left before it expires. */
export function rememberedToken(now = Date.now()): string | null {
  let token: string | null = null;
  try {
    token = window.localStorage.getItem(KEY);
  } catch {
    return null;
  }
  const expires = token ? tokenClaims(token)?.exp : undefined;
  return typeof expires === "number" && expires * 1000 - now >= MIN_LIFE_MS ? token : null;
}
