import { useQuery, type QueryKey, type UseQueryOptions } from "@tanstack/react-query";
import {
  callOperation,
  type CallInput,
  type OperationAnswer,
  type OperationParams,
  type OperationQuery,
} from "@/lib/api/call";
import type { OperationId } from "@/lib/api-registry/operations";
import { useAuth } from "@/lib/auth/auth-context";

type PersonalQueryOptions<N extends OperationId, S> = Omit<
  UseQueryOptions<OperationAnswer<N>, unknown, S, QueryKey>,
  "queryFn" | "enabled"
> & {
  /** The GET operation, by name: "listSavedJobs". */
  operation: N;
  params?: OperationParams<N>;
  query?: OperationQuery<N>;
  /** Further conditions on top of being signed in. */
  enabled?: boolean;
};

/** A GET of the signed-in person's own data: it runs only once a token exists. */
export function usePersonalQuery<N extends OperationId, S = OperationAnswer<N>>({
  operation,
  params,
  query,
  enabled = true,
  ...options
}: PersonalQueryOptions<N, S>) {
  const { token } = useAuth();
  return useQuery({
    ...options,
    queryFn: () => callOperation<N>(operation, ...([{ params, query }] as [CallInput<N>])),
    enabled: Boolean(token) && enabled,
  });
}
