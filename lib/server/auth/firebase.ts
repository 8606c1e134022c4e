import type { App } from "firebase-admin/app";
import type { Auth } from "firebase-admin/auth";
import { EMULATOR_PROJECT_ID } from "@/lib/env";
import { readServerEnv } from "../env";
import { unavailable } from "../errors";

const APP_NAME = "creator-jobs";

/**
 * Firebase Admin for verifying ID tokens and deleting accounts. Against the Auth emulator it
 * accepts the emulator's unsigned tokens, so it refuses to start that way when production
 * credentials are configured too, and says loudly that it is doing it. The SDK is imported with
 * the first request that carries a sign-in token (or deletes an account): with Google's auth
 * library and its JWT and JWKS clients it held about 25 MB in every server process, which
 * anonymous visitors never need (issue 48).
 */
export async function firebaseAuth(): Promise<Auth> {
  const [sdk, { getAuth }] = await Promise.all([
    import("firebase-admin/app"),
    import("firebase-admin/auth"),
  ]);
  const existing = sdk.getApps().find((app) => app.name === APP_NAME);
  return getAuth(existing ?? createApp(sdk));
}

function createApp({ cert, initializeApp }: typeof import("firebase-admin/app")): App {
  const env = readServerEnv();
  const credentials = env.FIREBASE_SERVICE_ACCOUNT ?? env.GOOGLE_APPLICATION_CREDENTIALS;
  if (env.FIREBASE_AUTH_EMULATOR_HOST) {
    const projectId = env.FIREBASE_PROJECT_ID ?? EMULATOR_PROJECT_ID;
    // A `demo-` project cannot exist in Firebase, so its tokens can never be real users'.
    if (credentials || !projectId.startsWith("demo-")) {
      console.error(
        "FIREBASE_AUTH_EMULATOR_HOST is set together with a real Firebase project or " +
          "credentials; refusing to accept unsigned emulator tokens.",
      );
      throw unavailable("Sign-in is misconfigured on this server");
    }
    console.warn(
      `Accepting UNSIGNED ID tokens from the Firebase Auth emulator at ${env.FIREBASE_AUTH_EMULATOR_HOST}. ` +
        "Never run this way in production.",
    );
    return initializeApp({ projectId }, APP_NAME);
  }
  if (!env.FIREBASE_PROJECT_ID) {
    console.error("Set FIREBASE_PROJECT_ID (and credentials) or FIREBASE_AUTH_EMULATOR_HOST.");
    throw unavailable("Sign-in is not configured on this server");
  }
  return initializeApp(
    {
      projectId: env.FIREBASE_PROJECT_ID,
      ...(env.FIREBASE_SERVICE_ACCOUNT
        ? { credential: cert(JSON.parse(env.FIREBASE_SERVICE_ACCOUNT) as object) }
        : {}),
    },
    APP_NAME,
  );
}
