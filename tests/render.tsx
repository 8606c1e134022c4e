import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { act, render } from "@testing-library/react";
import type { NextRouter } from "next/router";
import { RouterContext } from "next/dist/shared/lib/router-context.shared-runtime";
import { useState, type ReactElement, type ReactNode } from "react";
import { AuthProvider, type IdentitySource } from "@/lib/auth/auth-context";
import { rememberToken } from "@/lib/auth/remembered-token";
import { SIGNED_IN_HINT } from "@/lib/auth/signed-in-hint";
import { createQueryClient } from "@/lib/query-client";

/** A router that stays on one page and records where the app asked to go. */
export function memoryRouter(pathname: string, asPath = pathname) {
  const pushes: string[] = [];
  const replaces: string[] = [];
  const router = {
    pathname,
    asPath,
    route: pathname,
    query: Object.fromEntries(new URL(asPath, "http://localhost").searchParams),
    basePath: "",
    isReady: true,
    isFallback: false,
    isPreview: false,
    isLocaleDomain: false,
    push: async (url: string) => {
      pushes.push(url);
      return true;
    },
    replace: async (url: string) => {
      replaces.push(url);
      return true;
    },
    reload: () => undefined,
    back: () => undefined,
    forward: () => undefined,
    prefetch: async () => undefined,
    beforePopState: () => undefined,
    events: { on: () => undefined, off: () => undefined, emit: () => undefined },
  } as unknown as NextRouter;
  return { router, pushes, replaces };
}

/**
 * An identity provider that reports one person signed in, as Firebase does for someone who
 * signed in on this browser before; the browser remembers that, so public pages listen too.
 */
function signedInAs(token: string): IdentitySource {
  window.localStorage.setItem(SIGNED_IN_HINT, "1");
  return {
    watch: async (onToken) => {
      onToken(token);
      return () => undefined;
    },
    signOut: async () => undefined,
  };
}

type RenderAppOptions = {
  pathname?: string;
  token?: string | null;
  queryClient?: QueryClient;
  /**
   * Start as a prerendered page hydrates: the router not ready and its query empty, until the
   * test calls `routerReady()` (as Next.js does once the browser's address is read).
   */
  routerLate?: boolean;
};

/** Renders UI inside the app's real providers, on a given route, optionally signed in. */
export function renderInApp(ui: ReactElement, options: RenderAppOptions = {}) {
  // A query string in `pathname` ("/listings/billing?paid=cs_1") is the router's query.
  const address = options.pathname ?? "/";
  const { router, pushes, replaces } = memoryRouter(address.split("?")[0]!, address);
  const queryClient = options.queryClient ?? createQueryClient();
  window.localStorage.removeItem(SIGNED_IN_HINT);
  rememberToken(null);
  const identity = options.token ? signedInAs(options.token) : null;
  const early = { ...router, query: {}, isReady: false } as NextRouter;
  let setReady: (ready: boolean) => void = () => undefined;
  function Providers({ children }: { children: ReactNode }) {
    const [ready, setState] = useState(!options.routerLate);
    setReady = setState;
    return (
      <RouterContext.Provider value={ready ? router : early}>
        <QueryClientProvider client={queryClient}>
          <AuthProvider identity={identity}>{children}</AuthProvider>
        </QueryClientProvider>
      </RouterContext.Provider>
    );
  }
  const result = render(ui, { wrapper: Providers });
  const routerReady = () => act(() => setReady(true));
  return { ...result, router, pushes, replaces, queryClient, routerReady };
}
