import { QueryClientContext } from "@tanstack/react-query";
import { useRouter } from "next/router";
import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from "react";
import { preloadApiClient, setApiBearerToken, setApiTokenRefresher } from "@/lib/api-client";
import { clearBrowserQueryCache } from "@/lib/query-client-handle";
import {
  currentIdToken,
  refreshIdToken,
  signInWithPopup,
  signOutOfFirebase,
  watchIdToken,
  type SignInMethod,
} from "@/lib/auth/firebase-client";
import { rememberedToken, rememberToken, tokenClaims } from "@/lib/auth/remembered-token";
import { SIGNED_IN_HINT } from "@/lib/auth/signed-in-hint";
import { isPublicRoute, routes, SIGN_IN_ROUTES } from "@/lib/routes";

/** Where the identity provider's word on who is signed in comes from. */
export type IdentitySource = {
  /** Calls `onToken` with the current ID token (or null) now and on every change. */
  watch: (onToken: (token: string | null) => void) => Promise<() => void>;
  signOut: () => Promise<void>;
  /** A newly minted token, for when the API refused the current one as expired. */
  refresh?: () => Promise<string | null>;
  /** Opens the provider's sign-in popup; the new user's token once they are signed in. */
  signIn?: (method: SignInMethod) => Promise<string | null>;
};

export const firebaseIdentity: IdentitySource = {
  watch: watchIdToken,
  signOut: signOutOfFirebase,
  refresh: refreshIdToken,
  signIn: async (method) => {
    await signInWithPopup(method);
    return currentIdToken();
  },
};

/** "loading" until the identity provider has answered once. */
export type AuthStatus = "loading" | "signed-in" | "signed-out";

export type AuthContextValue = {
  /** The signed-in user's ID token, sent as the bearer token on every API call. */
  token: string | null;
  status: AuthStatus;
  setToken: (token: string | null) => void;
  /**
   * Signs out of the identity provider; off a public route it then sends the visitor home, or
   * with `reloadTo`, fully reloads that page instead.
   */
  signOut: (options?: { reloadTo?: string }) => Promise<void>;
  /** True from the moment sign-out starts: screens leaving should not react to it. */
  signingOut: boolean;
  /**
   * Signs in through the provider's popup from any page, also one that had not loaded the
   * provider (a public form asking for sign-in only when sent); resolves to the new token.
   * Rejects as the popup does (see signInErrorMessage).
   */
  signIn: (method: SignInMethod) => Promise<string | null>;
};

export const AuthContext = createContext<AuthContextValue | null>(null);

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

/** Who a token is for (its `sub`), so a change of person can be told from a refreshed token. */
function subjectOf(token: string): string {
  return String(tokenClaims(token)?.sub ?? token);
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
  // Public pages that query nothing have no client above them, and load none: only the shared
  // one, once something has queried, holds anything to forget.
  const outerQueryClient = useContext(QueryClientContext);
  const clearQueries = useCallback(() => {
    outerQueryClient?.clear();
    clearBrowserQueryCache();
  }, [outerQueryClient]);
  const [token, setTokenState] = useState<string | null>(null);
  const [status, setStatus] = useState<AuthStatus>("loading");
  const [signingOut, setSigningOut] = useState(false);
  // Set once this page asked to sign in: the provider is then watched here too.
  const [summoned, setSummoned] = useState(false);
  const person = useRef<string | null>(null);

  const applyToken = useCallback(
    (next: string | null, { urgent = false } = {}) => {
      // Another person (or nobody) now: nothing cached for the last one may show or be saved.
      const subject = next ? subjectOf(next) : null;
      if (person.current !== null && subject !== person.current) clearQueries();
      person.current = subject;
      // The client must hold the token before any query that the new state enables runs.
      setApiBearerToken(next);
      // A transition unless urgent: the page may still be hydrating (in slices, see
      // pages/_app.tsx), and an urgent update above a part not yet hydrated would make React
      // render that part anew, dropping what the visitor has typed there since it was served.
      const update = () => {
        setTokenState(next);
        setStatus(next ? "signed-in" : "signed-out");
      };
      if (urgent) update();
      else startTransition(update);
      writeSignedInHint(Boolean(next));
      rememberToken(next);
    },
    [clearQueries],
  );
  const setToken = useCallback((next: string | null) => applyToken(next), [applyToken]);

  // Read while rendering, though it is browser state: nothing rendered depends on it directly.
  const watching =
    identity !== null &&
    typeof window !== "undefined" &&
    (summoned || shouldWatchIdentity(router.pathname));

  // The signed-in area starts with the token Firebase last gave this browser, if it is still good
  // (lib/auth/remembered-token.ts): its layout and its first calls (with the API client, fetched
  // at once) need not wait for Firebase to start. Its server HTML holds nothing that depends on
  // the token, so nothing there is rendered anew; public pages, whose forms may already hold what
  // a visitor typed, wait for Firebase's word.
  const restoresEarly = watching && !isPublicRoute(router.pathname);
  useLayoutEffect(() => {
    if (!restoresEarly) return;
    preloadApiClient();
    const remembered = rememberedToken();
    // Urgent, before the browser paints: what the server sent of the signed-in area holds nothing
    // typed (its layout is hidden without a token, its pages' forms wait for their data), so
    // nothing is lost if React renders it at once instead of after the slices of hydration.
    if (remembered) applyToken(remembered, { urgent: true });
    // Only as the page starts: later, Firebase's word is the one that counts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (!watching || !identity) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    setApiTokenRefresher(identity.refresh ?? null);
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
      setApiTokenRefresher(null);
    };
  }, [identity, setToken, watching]);

  const signOut = useCallback(
    async ({ reloadTo }: { reloadTo?: string } = {}) => {
      setSigningOut(true);
      try {
        if (!reloadTo && !isPublicRoute(router.pathname)) await router.push(routes.home);
        if (identity && watching) await identity.signOut();
      } finally {
        // Even when the provider failed to answer, this browser forgets the session.
        setToken(null);
        clearQueries();
        if (reloadTo) window.location.assign(reloadTo);
        else setSigningOut(false);
      }
    },
    [identity, clearQueries, router, setToken, watching],
  );

  const signIn = useCallback(
    async (method: SignInMethod) => {
      if (!identity?.signIn) throw new Error("There is no identity provider to sign in with");
      setSummoned(true);
      const next = await identity.signIn(method);
      if (next) setToken(next);
      return next;
    },
    [identity, setToken],
  );

  // Without the identity provider on this page, only a token set directly signs anyone in.
  const effectiveStatus: AuthStatus = watching ? status : token ? "signed-in" : "signed-out";
  const value = useMemo(
    () => ({ token, status: effectiveStatus, setToken, signOut, signingOut, signIn }),
    [token, effectiveStatus, setToken, signOut, signingOut, signIn],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error("useAuth must be used inside <AuthProvider>");
  return value;
}
