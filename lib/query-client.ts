import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { hasFieldErrors, showErrorToast } from "@/lib/error-toast";
import { errorCode } from "@/lib/form-errors";
import { browserQueryClient, rememberBrowserQueryClient } from "@/lib/query-client-handle";

/**
 * Any failed query toasts (but a removal from the team, which its screen says); a failed mutation toasts unless its form shows field errors, or its
 * screen says what went wrong beside what was pressed (`meta: { showsError: true }`: a 409's
 * sentence saying why is not "we messed something up").
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    // Someone removed from a team is told so by the screen itself (issue 61), not by a toast.
    queryCache: new QueryCache({
      onError: (error) => {
        if (errorCode(error) !== "removed_from_team") showErrorToast();
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (hasFieldErrors(error)) return;
        if (mutation.meta?.showsError === true) return;
        if (errorCode(error) === "removed_from_team") return;
        showErrorToast();
      },
    }),
    defaultOptions: {
      queries: { retry: 1 },
      mutations: { retry: false },
    },
  });
}

/**
 * The client: in the browser one for the whole visit (its cache outlives pages and is shared by
 * every provider), on the server a new one for each render.
 */
export function sharedQueryClient(): QueryClient {
  if (typeof window === "undefined") return createQueryClient();
  const existing = browserQueryClient();
  if (existing) return existing;
  const client = createQueryClient();
  rememberBrowserQueryClient(client);
  return client;
}
