import { invitationFragmentScript } from "@/features/companies/join-link";

/*
 * An invitation to the board's team, /review/join#<token> (issue 64), kept as a company's is
 * (features/companies/join-link.ts): the head script of /review/join (pages/_document.tsx) keeps
 * the token in this tab's sessionStorage and takes the fragment out of the address before any
 * other script runs. Someone signed out who is sent to sign in first comes back to the page with
 * the token still there.
 */

/** Where this tab keeps the token. */
export const BOARD_JOIN_TOKEN_KEY = "board-invitation";

export const BOARD_JOIN_FRAGMENT_SCRIPT = invitationFragmentScript(BOARD_JOIN_TOKEN_KEY);
