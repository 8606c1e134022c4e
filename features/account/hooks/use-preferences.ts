import { useMutation, useQueryClient } from "@tanstack/react-query";
import { candidateKeys } from "@/features/account/hooks/candidate-keys";
import { usePersonalQuery } from "@/hooks/use-personal-query";
import { callOperation } from "@/lib/api/call";
import type { ApiAnswer, ApiBody } from "@/lib/api-registry/operations";

type PreferencesAnswer = ApiAnswer<"getPreferences">;

export const usePreferences = () =>
  usePersonalQuery({
    queryKey: candidateKeys.preferences,
    operation: "getPreferences",
    select: (data: PreferencesAnswer) => data.preferences,
  });

/** PATCH /api/preferences; recommendations follow the new preferences. */
export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: ApiBody<"updatePreferences">["preferences"]) =>
      callOperation("updatePreferences", { body: { preferences: changes } }),
    onSuccess: (answer) => queryClient.setQueryData(candidateKeys.preferences, answer),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: candidateKeys.preferences }),
        queryClient.invalidateQueries({ queryKey: candidateKeys.allRecommendations }),
      ]),
  });
}
