import { useMutation, useQueryClient } from "@tanstack/react-query";
import { usePersonalQuery } from "@/hooks/use-personal-query";
import { callOperation } from "@/lib/api/call";
import type { ApiAnswer, ApiBody } from "@/lib/api-registry/operations";
import { showSuccessToast } from "@/lib/error-toast";
import { frequencyLabel } from "@/features/saved-searches/search";
import type { SavedSearch } from "@/features/saved-searches/types";

/** The query key of the candidate's saved searches (issue 29). */
export const savedSearchesKey = ["saved_searches"] as const;

/** The signed-in candidate's saved searches, newest first. */
export const useSavedSearches = () =>
  usePersonalQuery({
    queryKey: savedSearchesKey,
    operation: "listSavedSearches",
    select: (data: ApiAnswer<"listSavedSearches">) => data.saved_searches,
  });

/** Puts one saved search, new or changed, in the cached list. */
function keep(list: ApiAnswer<"listSavedSearches"> | undefined, search: SavedSearch) {
  if (!list) return list;
  const others = list.saved_searches.filter((kept) => kept.id !== search.id);
  const known = others.length < list.saved_searches.length;
  return {
    saved_searches: known
      ? list.saved_searches.map((kept) => (kept.id === search.id ? search : kept))
      : [search, ...others],
  };
}

/** POST /api/saved_searches: saves a search (or changes the frequency of the same one). */
export function useSaveSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiBody<"saveSearch">) => callOperation("saveSearch", { body }),
    onSuccess: ({ saved_search }) => {
      queryClient.setQueryData(savedSearchesKey, (list: ApiAnswer<"listSavedSearches">) =>
        keep(list, saved_search),
      );
      showSuccessToast(
        saved_search.alert_frequency === "never"
          ? "Search saved"
          : `Search saved: new matches by email, ${frequencyLabel(saved_search.alert_frequency).toLowerCase()}`,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedSearchesKey }),
  });
}

/** PATCH /api/saved_searches/{id}: how often a search's new matches are mailed. */
export function useUpdateSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: ApiBody<"updateSavedSearch"> & { id: number }) =>
      callOperation("updateSavedSearch", { params: { savedSearchId: id }, body }),
    onSuccess: ({ saved_search }) => {
      queryClient.setQueryData(savedSearchesKey, (list: ApiAnswer<"listSavedSearches">) =>
        keep(list, saved_search),
      );
      const { alert_frequency: frequency, label } = saved_search;
      showSuccessToast(
        frequency === "never"
          ? `Alerts off: ${label}`
          : `Alerts ${frequencyLabel(frequency).toLowerCase()}: ${label}`,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedSearchesKey }),
  });
}

/** DELETE /api/saved_searches/{id}. */
export function useDeleteSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: Pick<SavedSearch, "id" | "label">) =>
      callOperation("deleteSavedSearch", { params: { savedSearchId: id } }),
    onSuccess: (_, { label }) => showSuccessToast(`Deleted: ${label}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedSearchesKey }),
  });
}
