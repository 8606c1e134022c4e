import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/router";
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import { setApiBearerToken } from "@/lib/api-client";
import { isPublicRoute, routes } from "@/lib/routes";

export type AuthContextValue = {
  /** The signed-in user's ID token, sent as the bearer token on every API call. */
  token: string | null;
  setToken: (token: string | null) => void;
  /** Clears the session; off a public route it then sends the visitor home. */
  signOut: () => Promise<void>;
};

export const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [token, setTokenState] = useState<string | null>(null);

  const setToken = useCallback((next: string | null) => {
    // The client must hold the token before any query that the new state enables runs.
    setApiBearerToken(next);
    setTokenState(next);
  }, []);

  const signOut = useCallback(async () => {
    setToken(null);
    queryClient.clear();
    if (!isPublicRoute(router.pathname)) await router.push(routes.home);
  }, [queryClient, router, setToken]);

  const value = useMemo(() => ({ token, setToken, signOut }), [token, setToken, signOut]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error("useAuth must be used inside <AuthProvider>");
  return value;
}
