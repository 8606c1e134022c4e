import dynamic from "next/dynamic";
import { useRouter } from "next/router";
import { useEffect, type ReactNode } from "react";
import { isPublicRoute, routes } from "@/lib/routes";

/**
 * The public routes whose page uses react-query as it renders: the forms that send. Every other
 * public page shows what the server rendered and queries nothing on load, so it does without
 * react-query (a signed-in visitor's avatar and job marks bring their own).
 * tests/unit/page-queries.test.ts checks that no other public page imports it.
 */
export const QUERYING_PUBLIC_ROUTES: readonly string[] = [
  routes.submit,
  routes.recruitmentServices,
];

/** Whether the page at `pathname` needs react-query's client from its first render. */
export function queriesOnRender(pathname: string): boolean {
  return !isPublicRoute(pathname) || QUERYING_PUBLIC_ROUTES.includes(pathname);
}

// Server-rendered with the page, and on a first visit loaded before it hydrates, only where needed.
const QueryProvider = dynamic(() =>
  import("@/components/providers/query-provider").then((module) => module.QueryProvider),
);

/** Loads the provider ahead of a page that needs it, so that page renders at once. */
const preloadQueryProvider = () => (QueryProvider as { preload?: () => void }).preload?.();

/** Gives the page react-query's client where it queries as it renders. */
export function PageQueries({ pathname, children }: { pathname: string; children: ReactNode }) {
  const { events } = useRouter();
  const needed = queriesOnRender(pathname);

  // A page without react-query loads it on a navigation, beside the next page's own code, not
  // while this page is starting up.
  useEffect(() => {
    if (needed) return;
    events.on("routeChangeStart", preloadQueryProvider);
    return () => events.off("routeChangeStart", preloadQueryProvider);
  }, [events, needed]);

  return needed ? <QueryProvider>{children}</QueryProvider> : <>{children}</>;
}
