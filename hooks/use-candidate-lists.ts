import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { candidateKeys } from "@/hooks/candidate-keys";
import { apiClient } from "@/lib/api-client";
import { useAuth } from "@/lib/auth/auth-context";
import type { HiddenJob, Recommendations, SavedJob } from "@/lib/candidate";

export function useSavedJobs() {
  const { token } = useAuth();
  return useQuery({
    queryKey: candidateKeys.savedJobs,
    queryFn: () => apiClient.get<{ saved_jobs: SavedJob[] }>("/favorites"),
    enabled: Boolean(token),
    select: (data) => data.saved_jobs,
  });
}

export function useHiddenJobs() {
  const { token } = useAuth();
  return useQuery({
    queryKey: candidateKeys.hiddenJobs,
    queryFn: () => apiClient.get<{ hidden_jobs: HiddenJob[] }>("/rejections"),
    enabled: Boolean(token),
    select: (data) => data.hidden_jobs,
  });
}

/** Jobs picked from the candidate's preferences, a page at a time; null: not known yet. */
export function useRecommendations(page: number | null) {
  const { token } = useAuth();
  return useQuery({
    queryKey: candidateKeys.recommendations(page ?? 1),
    queryFn: () => apiClient.get<Recommendations>("/recommendations", { params: { page } }),
    enabled: Boolean(token) && page !== null,
    placeholderData: keepPreviousData,
  });
}
