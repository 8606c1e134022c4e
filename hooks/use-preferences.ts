import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { candidateKeys } from "@/hooks/candidate-keys";
import { apiClient } from "@/lib/api-client";
import { useAuth } from "@/lib/auth/auth-context";
import type { Preferences } from "@/lib/candidate";

type PreferencesAnswer = { preferences: Preferences };

export function usePreferences() {
  const { token } = useAuth();
  return useQuery({
    queryKey: candidateKeys.preferences,
    queryFn: () => apiClient.get<PreferencesAnswer>("/preferences"),
    enabled: Boolean(token),
    select: (data) => data.preferences,
  });
}

/** PATCH /api/preferences; recommendations follow the new preferences. */
export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: Partial<Preferences>) =>
      apiClient.patch<PreferencesAnswer>("/preferences", { preferences: changes }),
    onSuccess: (answer) => queryClient.setQueryData(candidateKeys.preferences, answer),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: candidateKeys.preferences }),
        queryClient.invalidateQueries({ queryKey: candidateKeys.allRecommendations }),
      ]),
  });
}
