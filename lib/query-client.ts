import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { hasFieldErrors, showErrorToast } from "@/lib/error-toast";

/** Any failed query toasts; a failed mutation toasts unless its form shows field errors. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: showErrorToast }),
    mutationCache: new MutationCache({
      onError: (error) => {
        if (!hasFieldErrors(error)) showErrorToast();
      },
    }),
    defaultOptions: {
      queries: { retry: 1 },
      mutations: { retry: false },
    },
  });
}
