import { keepPreviousData } from "@tanstack/react-query";
import { candidateKeys } from "@/hooks/candidate-keys";
import { usePersonalQuery } from "@/hooks/use-personal-query";
import type { HiddenJob, Recommendations, SavedJob } from "@/lib/candidate";

export const useSavedJobs = () =>
  usePersonalQuery({
    queryKey: candidateKeys.savedJobs,
    path: "/favorites",
    select: (data: { saved_jobs: SavedJob[] }) => data.saved_jobs,
  });

export const useHiddenJobs = () =>
  usePersonalQuery({
    queryKey: candidateKeys.hiddenJobs,
    path: "/rejections",
    select: (data: { hidden_jobs: HiddenJob[] }) => data.hidden_jobs,
  });

/** Jobs picked from the candidate's preferences, a page at a time; null: not known yet. */
export const useRecommendations = (page: number | null) =>
  usePersonalQuery<Recommendations>({
    queryKey: candidateKeys.recommendations(page ?? 1),
    path: "/recommendations",
    params: { page },
    enabled: page !== null,
    placeholderData: keepPreviousData,
  });
