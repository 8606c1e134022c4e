import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { NextRouter } from "next/router";
import { RouterContext } from "next/dist/shared/lib/router-context.shared-runtime";
import { useEffect, type ReactElement, type ReactNode } from "react";
import { AuthProvider, useAuth } from "@/lib/auth/auth-context";
import { createQueryClient } from "@/lib/query-client";

/** A router that stays on one page and records where the app asked to go. */
export function memoryRouter(pathname: string, asPath = pathname) {
  const pushes: string[] = [];
  const replaces: string[] = [];
  const router = {
    pathname,
    asPath,
    route: pathname,
    query: {},
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

function SignedInAs({ token, children }: { token: string | null; children: ReactNode }) {
  const { setToken } = useAuth();
  useEffect(() => {
    if (token) setToken(token);
  }, [setToken, token]);
  return <>{children}</>;
}

type RenderAppOptions = {
  pathname?: string;
  token?: string | null;
  queryClient?: QueryClient;
};

/** Renders UI inside the app's real providers, on a given route, optionally signed in. */
export function renderInApp(ui: ReactElement, options: RenderAppOptions = {}) {
  const { router, pushes, replaces } = memoryRouter(options.pathname ?? "/");
  const queryClient = options.queryClient ?? createQueryClient();
  function Providers({ children }: { children: ReactNode }) {
    return (
      <RouterContext.Provider value={router}>
        <QueryClientProvider client={queryClient}>
          {/* No identity provider in jsdom: the token is set directly, as Firebase would. */}
          <AuthProvider identity={null}>
            <SignedInAs token={options.token ?? null}>{children}</SignedInAs>
          </AuthProvider>
        </QueryClientProvider>
      </RouterContext.Provider>
    );
  }
  const result = render(ui, { wrapper: Providers });
  return { ...result, router, pushes, replaces, queryClient };
}
