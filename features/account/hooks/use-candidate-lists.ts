import { keepPreviousData } from "@tanstack/react-query";
import { candidateKeys } from "@/features/account/hooks/candidate-keys";
import { usePersonalQuery } from "@/hooks/use-personal-query";
import type { ApiAnswer } from "@/lib/api-registry/operations";

export const useSavedJobs = () =>
  usePersonalQuery({
    queryKey: candidateKeys.savedJobs,
    operation: "listSavedJobs",
    select: (data: ApiAnswer<"listSavedJobs">) => data.saved_jobs,
  });

export const useHiddenJobs = () =>
  usePersonalQuery({
    queryKey: candidateKeys.hiddenJobs,
    operation: "listHiddenJobs",
    select: (data: ApiAnswer<"listHiddenJobs">) => data.hidden_jobs,
  });

/** Jobs picked from the candidate's preferences, a page at a time; null: not known yet. */
export const useRecommendations = (page: number | null) =>
  usePersonalQuery({
    queryKey: candidateKeys.recommendations(page ?? 1),
    operation: "listRecommendations",
    query: { page },
    enabled: page !== null,
    placeholderData: keepPreviousData,
  });
