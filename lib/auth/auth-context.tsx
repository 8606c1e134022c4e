import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/router";
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from "react";
import { setApiBearerToken } from "@/lib/api-client";
import { signOutOfFirebase, watchIdToken } from "@/lib/auth/firebase-client";
import { isPublicRoute, routes, SIGN_IN_ROUTES } from "@/lib/routes";

/** Where the identity provider's word on who is signed in comes from. */
export type IdentitySource = {
  /** Calls `onToken` with the current ID token (or null) now and on every change. */
  watch: (onToken: (token: string | null) => void) => Promise<() => void>;
  signOut: () => Promise<void>;
};

export const firebaseIdentity: IdentitySource = {
  watch: watchIdToken,
  signOut: signOutOfFirebase,
};

/** "loading" until the identity provider has answered once. */
export type AuthStatus = "loading" | "signed-in" | "signed-out";

export type AuthContextValue = {
  /** The signed-in user's ID token, sent as the bearer token on every API call. */
  token: string | null;
  status: AuthStatus;
  setToken: (token: string | null) => void;
  /** Signs out of the identity provider; off a public route it then sends the visitor home. */
  signOut: () => Promise<void>;
};

export const AuthContext = createContext<AuthContextValue | null>(null);

/** Remembers in this browser that someone is signed in, so public pages know to load Firebase. */
const SIGNED_IN_HINT = "creator-jobs:signed-in";

function readSignedInHint(): boolean {
  try {
    return window.localStorage.getItem(SIGNED_IN_HINT) === "1";
  } catch {
    return false;
  }
}

function writeSignedInHint(signedIn: boolean): void {
  try {
    if (signedIn) window.localStorage.setItem(SIGNED_IN_HINT, "1");
    else window.localStorage.removeItem(SIGNED_IN_HINT);
  } catch {
    // Storage can be off (private mode); Firebase then loads only where sign-in matters.
  }
}

/**
 * Whether this page needs the identity provider: the profile area and the sign-in pages always,
 * public pages only for someone who signed in here before. Anonymous visitors on public pages
 * never download Firebase.
 */
function shouldWatchIdentity(pathname: string): boolean {
  return !isPublicRoute(pathname) || SIGN_IN_ROUTES.includes(pathname) || readSignedInHint();
}

export function AuthProvider({
  children,
  identity = firebaseIdentity,
}: {
  children: ReactNode;
  /** null: no identity provider; the token is only ever set through `setToken`. */
  identity?: IdentitySource | null;
}) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [token, setTokenState] = useState<string | null>(null);
  const [status, setStatus] = useState<AuthStatus>("loading");

  const setToken = useCallback((next: string | null) => {
    // The client must hold the token before any query that the new state enables runs.
    setApiBearerToken(next);
    setTokenState(next);
    setStatus(next ? "signed-in" : "signed-out");
    writeSignedInHint(Boolean(next));
  }, []);

  // Read while rendering, though it is browser state: nothing rendered depends on it directly.
  const watching =
    identity !== null && typeof window !== "undefined" && shouldWatchIdentity(router.pathname);

  useEffect(() => {
    if (!watching || !identity) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    identity
      .watch(setToken)
      .then((unsubscribe) => {
        if (cancelled) unsubscribe();
        else stop = unsubscribe;
      })
      .catch((error: unknown) => {
        console.error("The identity provider failed to load", error);
        setStatus("signed-out");
      });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [identity, setToken, watching]);

  const signOut = useCallback(async () => {
    // Leave the profile area first, so nothing there reacts to the signed-out state on the way.
    if (!isPublicRoute(router.pathname)) await router.push(routes.home);
    if (identity && watching) await identity.signOut();
    setToken(null);
    queryClient.clear();
  }, [identity, queryClient, router, setToken, watching]);

  // Without the identity provider on this page, only a token set directly signs anyone in.
  const effectiveStatus: AuthStatus = watching ? status : token ? "signed-in" : "signed-out";
  const value = useMemo(
    () => ({ token, status: effectiveStatus, setToken, signOut }),
    [token, effectiveStatus, setToken, signOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error("useAuth must be used inside <AuthProvider>");
  return value;
}
