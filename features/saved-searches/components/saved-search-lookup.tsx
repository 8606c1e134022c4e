import { useEffect } from "react";
import { QueryProvider } from "@/components/providers/query-provider";
import { useSavedSearches } from "@/features/saved-searches/hooks/use-saved-searches";
import { filtersOfSaved, sameSearch, type SearchFilters } from "@/features/saved-searches/search";

/**
 * Finds whether the signed-in candidate keeps the search on the (cached, everyone's) board page
 * already, after the page has loaded: loaded only for someone signed in, so the query (and
 * react-query) stay out of an anonymous visitor's page.
 */
export function SavedSearchLookup(props: LookupProps) {
  return (
    <QueryProvider>
      <Lookup {...props} />
    </QueryProvider>
  );
}

type LookupProps = {
  filters: SearchFilters;
  onFound: (saved: boolean) => void;
};

function Lookup({ filters, onFound }: LookupProps) {
  const { data } = useSavedSearches();
  const saved = Boolean(data?.some((search) => sameSearch(filtersOfSaved(search), filters)));
  useEffect(() => onFound(saved), [saved, onFound]);
  return null;
}
