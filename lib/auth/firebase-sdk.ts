import { getApps, initializeApp } from "firebase/app";
import {
  browserLocalPersistence,
  browserPopupRedirectResolver,
  connectAuthEmulator,
  GoogleAuthProvider,
  indexedDBLocalPersistence,
  initializeAuth,
  OAuthProvider,
  onIdTokenChanged,
  signInWithPopup,
  signOut,
  type Auth,
  type AuthProvider,
} from "firebase/auth";
import { publicEnv } from "@/lib/public-env";

/*
 * The part of Firebase's SDK the browser uses, in one module so that it is one download, loaded
 * on demand through lib/auth/firebase-client.ts.
 */

export { GoogleAuthProvider, OAuthProvider, onIdTokenChanged, signOut };

let auth: Auth | undefined;

/** The Firebase Auth instance, created once; against the Auth emulator when configured. */
export function firebaseAuth(): Auth {
  if (!auth) {
    const app = getApps()[0] ?? initializeApp(publicEnv.firebase);
    // getAuth() would also set up the popup's helper iframe (Google's api.js) on every page that
    // restores a session; it is needed only when someone signs in (signInWithGoogle below).
    auth = initializeAuth(app, {
      persistence: [indexedDBLocalPersistence, browserLocalPersistence],
    });
    if (publicEnv.authEmulatorHost) {
      connectAuthEmulator(auth, `http://${publicEnv.authEmulatorHost}`, { disableWarnings: true });
    }
  }
  return auth;
}

/** Opens the identity provider's sign-in popup. */
export async function signInThroughPopup(provider: AuthProvider): Promise<void> {
  await signInWithPopup(firebaseAuth(), provider, browserPopupRedirectResolver);
}
