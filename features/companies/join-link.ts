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

export const JOIN_FRAGMENT_SCRIPT = `(function(l,h){var t=l.hash.slice(1);if(!${JOIN_TOKEN_SHAPE}.test(t))return;try{sessionStorage.setItem("${JOIN_TOKEN_KEY}",t)}catch(e){return}h.replaceState(h.state,"",l.pathname+l.search)})(location,history)`;
