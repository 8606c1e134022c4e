/**
 * The localStorage key that remembers in this browser that someone is signed in: public pages
 * then load Firebase (lib/auth/auth-context.tsx) and start their scripts without waiting for the
 * visitor to use the page (lib/page-start.ts).
 */
export const SIGNED_IN_HINT = "creator-jobs:signed-in";
