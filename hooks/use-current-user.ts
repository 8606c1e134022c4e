import { useQuery } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";
import { useAuth } from "@/lib/auth/auth-context";

/** Spec §9: the current user is fresh for two minutes. */
export const CURRENT_USER_STALE_TIME = 120_000;

export type CurrentUser = {
  avatar_url: string | null;
  full_name: string | null;
};

export const currentUserKeys = {
  all: ["current_user"] as const,
};

export function fetchCurrentUser(): Promise<CurrentUser> {
  return apiClient.get<CurrentUser>("/current_user");
}

export function useCurrentUser() {
  const { token } = useAuth();
  return useQuery({
    queryKey: currentUserKeys.all,
    queryFn: fetchCurrentUser,
    enabled: Boolean(token),
    staleTime: CURRENT_USER_STALE_TIME,
    refetchOnWindowFocus: false,
  });
}
