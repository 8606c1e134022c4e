import { Field, Label, Select } from "@headlessui/react";
import dynamic from "next/dynamic";
import { useState } from "react";
import { secondaryButtonClass } from "@/components/ui/button";
import { Link } from "@/components/ui/link";
import { ProfileScreenLoading } from "@/components/ui/profile-screen-state";
import {
  useDeleteSavedSearch,
  useSavedSearches,
  useUpdateSavedSearch,
} from "@/features/saved-searches/hooks/use-saved-searches";
import { ALERT_FREQUENCIES, type AlertFrequency } from "@/features/account/constants";
import { formatDate } from "@/lib/format";
import { routes } from "@/lib/routes";
import { MAX_SAVED_SEARCHES } from "@/features/saved-searches/constants";
import type { SavedSearch } from "@/features/saved-searches/types";

/*
 * /preferences' saved searches (issue 29): each search links to its results on the board, with
 * how often its new matches are mailed (saved as soon as it is chosen) and a way to delete it.
 */

// The confirmation's code (Headless UI's dialog) loads with the first press of Delete.
const ConfirmDialog = dynamic(
  () => import("@/components/ui/confirm-dialog").then((module) => module.ConfirmDialog),
  { ssr: false },
);

function SavedSearchRow({ search }: { search: SavedSearch }) {
  const update = useUpdateSavedSearch();
  const remove = useDeleteSavedSearch();
  const [confirming, setConfirming] = useState(false);
  // What is chosen shows at once; a refused change goes back to what is saved.
  const shown = update.isPending ? update.variables.alert_frequency : search.alert_frequency;
  return (
    <li className="flex flex-col gap-4 rounded-2xl bg-white p-4 shadow-xs ring-1 ring-gray-200 sm:flex-row sm:items-center sm:p-5">
      <div className="min-w-0 flex-1">
        <h3 className="text-base font-semibold text-gray-900">
          <Link href={search.url} className="hover:text-violet-700 hover:underline">
            {search.label}
          </Link>
        </h3>
        <p className="mt-1 text-sm text-gray-500">Saved {formatDate(search.created_at)}</p>
      </div>
      <div className="flex shrink-0 flex-wrap items-end gap-3">
        <Field>
          <Label className="block text-xs font-medium text-gray-600">Email new matches</Label>
          <Select
            value={shown}
            onChange={(event) =>
              update.mutate({
                id: search.id,
                alert_frequency: event.target.value as AlertFrequency,
              })
            }
            className="mt-1 block rounded-lg bg-white py-2 pr-8 pl-3 text-sm text-gray-900 outline-1 -outline-offset-1 outline-gray-300 focus:outline-2 focus:-outline-offset-2 focus:outline-violet-600"
          >
            {ALERT_FREQUENCIES.map((frequency) => (
              <option key={frequency.slug} value={frequency.slug}>
                {frequency.label}
              </option>
            ))}
          </Select>
        </Field>
        <button type="button" className={secondaryButtonClass} onClick={() => setConfirming(true)}>
          Delete<span className="sr-only"> the saved search {search.label}</span>
        </button>
        {confirming && (
          <ConfirmDialog
            open
            onClose={() => setConfirming(false)}
            onConfirm={() =>
              remove.mutate(
                { id: search.id, label: search.label },
                { onSettled: () => setConfirming(false) },
              )
            }
            pending={remove.isPending}
            title={`Delete the saved search ${search.label}?`}
            confirmLabel="Delete it"
            pendingLabel="Deleting…"
            cancelLabel="Keep it"
          >
            <p>
              Its new jobs will no longer come by email. You can save the search again from its
              results at any time.
            </p>
          </ConfirmDialog>
        )}
      </div>
    </li>
  );
}

/** The candidate's saved searches, newest first, or how to save one. */
export function SavedSearchList({ searches }: { searches: SavedSearch[] }) {
  if (searches.length === 0) {
    return (
      <div className="rounded-2xl border border-dashed border-gray-300 bg-white px-6 py-10 text-center">
        <p className="text-base font-semibold text-gray-900">No saved searches yet</p>
        <p className="mx-auto mt-2 max-w-md text-sm text-gray-600">
          Search the board, or open a role, location or type, and press “Save this search” above the
          results: its new jobs then come by email, daily or weekly.
        </p>
        <Link
          href={routes.home}
          className="mt-4 inline-block text-sm font-semibold text-violet-700 hover:text-violet-600"
        >
          Search jobs <span aria-hidden="true">&rarr;</span>
        </Link>
      </div>
    );
  }
  return (
    <ul role="list" className="space-y-3">
      {searches.map((search) => (
        <SavedSearchRow key={search.id} search={search} />
      ))}
    </ul>
  );
}

/** /preferences' section of saved searches, read after load like the rest of the page. */
export function SavedSearchesSection() {
  const { data: searches } = useSavedSearches();
  return (
    <section aria-labelledby="saved-searches" className="scroll-mt-24" id="saved-searches-section">
      <h2 id="saved-searches" className="text-lg font-semibold text-gray-900">
        Saved searches
      </h2>
      <p className="mt-1 text-sm text-gray-600">
        {`Searches you keep, up to ${MAX_SAVED_SEARCHES}: their new jobs come by email with your job alerts, around 8:00 in your time zone.`}
      </p>
      <div className="mt-4">
        {searches ? <SavedSearchList searches={searches} /> : <ProfileScreenLoading />}
      </div>
    </section>
  );
}
