/*
 * An invitation's link, /join#<token> (issue 44): the token is in the fragment, which browsers
 * never send to a server. JOIN_FRAGMENT_SCRIPT runs from the head of /join (pages/_document.tsx),
 * before any other script of the page: it keeps the token in this tab's sessionStorage and takes
 * the fragment out of the address, so that nothing that reads the address later (error
 * reporting, Firebase's sign-in popup, which passes the page's whole address to the identity
 * provider) ever sees it. Where storage is off, the fragment stays for the page to read.
 */

/** Where this tab keeps the token. */
export const JOIN_TOKEN_KEY = "join-invitation";

/** 32 random bytes in base64url (features/companies/team-schemas.ts checks the same). */
export const JOIN_TOKEN_SHAPE = /^[\w-]{43}$/;

/**
 * The head script of an invitation's page, keeping its token under `key` in this tab's
 * sessionStorage (the board's team's invitations use it too, under their own key).
 */
export const invitationFragmentScript = (key: string) =>
  `(function(l,h){var t=l.hash.slice(1);if(!${JOIN_TOKEN_SHAPE}.test(t))return;try{sessionStorage.setItem("${key}",t)}catch(e){return}h.replaceState(h.state,"",l.pathname+l.search)})(location,history)`;

export const JOIN_FRAGMENT_SCRIPT = invitationFragmentScript(JOIN_TOKEN_KEY);

/** The token this tab keeps under `key`; null without one, or with storage off. */
export function storedInvitationToken(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Keeps `token` under `key` in this tab (null: forgets it); with storage off, nothing. */
export function storeInvitationToken(key: string, token: string | null): void {
  try {
    if (token) window.sessionStorage.setItem(key, token);
    else window.sessionStorage.removeItem(key);
  } catch {
    // Storage off (private mode): the token lives in the page's memory only.
  }
}
