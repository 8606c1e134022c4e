import { useQuery, type QueryKey, type UseQueryOptions } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";
import { useAuth } from "@/lib/auth/auth-context";

type PersonalQueryOptions<T, S> = Omit<
  UseQueryOptions<T, unknown, S, QueryKey>,
  "queryFn" | "enabled"
> & {
  /** The API path under /api, e.g. "/favorites". */
  path: string;
  params?: Record<string, unknown>;
  /** Further conditions on top of being signed in. */
  enabled?: boolean;
};

/** A GET of the signed-in person's own data: it runs only once a token exists. */
export function usePersonalQuery<T, S = T>({
  path,
  params,
  enabled = true,
  ...options
}: PersonalQueryOptions<T, S>) {
  const { token } = useAuth();
  return useQuery({
    ...options,
    queryFn: () => apiClient.get<T>(path, params ? { params } : undefined),
    enabled: Boolean(token) && enabled,
  });
}
