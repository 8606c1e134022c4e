import type { Auth, AuthProvider as FirebaseAuthProvider } from "firebase/auth";
import { publicEnv } from "@/lib/public-env";

/*
 * Firebase Authentication in the browser, loaded on demand: a first-time visitor on a public
 * page downloads none of it (see shouldWatchIdentity in auth-context.tsx).
 */

/** Firebase's SDK (lib/auth/firebase-sdk.ts), loaded on first use. */
const loadSdk = () => import("@/lib/auth/firebase-sdk");

/** The Firebase Auth instance, created once; against the Auth emulator when configured. */
export async function loadFirebaseAuth(): Promise<Auth> {
  return (await loadSdk()).firebaseAuth();
}

/** Keeps `onToken` told of the signed-in user's ID token, refreshed as Firebase renews it. */
export async function watchIdToken(onToken: (token: string | null) => void): Promise<() => void> {
  const { firebaseAuth, onIdTokenChanged } = await loadSdk();
  return onIdTokenChanged(firebaseAuth(), async (user) => {
    try {
      onToken(user ? await user.getIdToken() : null);
    } catch (error) {
      // Offline with an expired token: treat as signed out rather than waiting forever.
      console.warn("Could not get an ID token", error);
      onToken(null);
    }
  });
}

/** A newly minted ID token for the signed-in user, or null when nobody is signed in. */
export async function refreshIdToken(): Promise<string | null> {
  const auth = await loadFirebaseAuth();
  return auth.currentUser ? auth.currentUser.getIdToken(true) : null;
}

/** The signed-in user's current ID token (refreshed only if about to expire), or null. */
export async function currentIdToken(): Promise<string | null> {
  const auth = await loadFirebaseAuth();
  return auth.currentUser ? auth.currentUser.getIdToken() : null;
}

export type SignInMethod = "google" | "linkedin";

async function providerFor(method: SignInMethod): Promise<FirebaseAuthProvider> {
  const { GoogleAuthProvider, OAuthProvider } = await loadSdk();
  if (method === "google") {
    const google = new GoogleAuthProvider();
    google.addScope("email");
    google.addScope("profile");
    // Spec §6: always the account chooser, even with one Google account signed in.
    google.setCustomParameters({ prompt: "select_account" });
    return google;
  }
  if (!publicEnv.linkedinProviderId) throw new Error("LinkedIn sign-in is not configured");
  const linkedin = new OAuthProvider(publicEnv.linkedinProviderId);
  for (const scope of ["openid", "email", "profile"]) linkedin.addScope(scope);
  return linkedin;
}

/** Opens the identity provider's popup; resolves once the user has signed in. */
export async function signInWithPopup(method: SignInMethod): Promise<void> {
  const [sdk, provider] = await Promise.all([loadSdk(), providerFor(method)]);
  await sdk.signInThroughPopup(provider);
}

export async function signOutOfFirebase(): Promise<void> {
  const { firebaseAuth, signOut } = await loadSdk();
  await signOut(firebaseAuth());
}

/** Firebase's error codes for a popup the user closed or replaced: not failures to report. */
const DISMISSED = new Set(["auth/popup-closed-by-user", "auth/cancelled-popup-request"]);

/** What to tell the user when a sign-in popup fails; null when they simply closed it. */
export function signInErrorMessage(error: unknown): string | null {
  const code = (error as { code?: string } | null)?.code ?? "";
  if (DISMISSED.has(code)) return null;
  if (code === "auth/popup-blocked") {
    return "Your browser blocked the sign-in window. Allow pop-ups for this site and try again.";
  }
  if (code === "auth/network-request-failed") {
    return "We could not reach the sign-in service. Check your connection and try again.";
  }
  if (code === "auth/account-exists-with-different-credential") {
    return "An account already uses this email with another sign-in method. Sign in with that one.";
  }
  return "We could not sign you in. Please try again.";
}
