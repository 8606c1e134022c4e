import {
  Description,
  Dialog,
  DialogPanel,
  DialogTitle,
  Field,
  Label,
  Radio,
  RadioGroup,
} from "@headlessui/react";
import { useState, type FormEvent } from "react";
import { QueryProvider } from "@/components/providers/query-provider";
import { primaryButtonClass, secondaryButtonClass } from "@/components/ui/button";
import { useSaveSearch } from "@/features/saved-searches/hooks/use-saved-searches";
import { hasFieldErrors } from "@/lib/error-toast";
import { SAVE_DIALOG_FREQUENCIES } from "@/features/saved-searches/constants";
import { frequencyLabel, searchLabel, type SearchFilters } from "@/features/saved-searches/search";

/*
 * Saving the board's search (issue 29): how often to hear of its new matches, in a small dialog.
 * Its code, react-query's and Headless UI's load only when a signed-in visitor presses "Save this
 * search" (features/saved-searches/components/save-search-control.tsx).
 */

type Frequency = (typeof SAVE_DIALOG_FREQUENCIES)[number];

type DialogProps = {
  filters: SearchFilters;
  onClose: () => void;
  /** Saved: the control then says so. */
  onSaved: () => void;
};

function SaveSearchForm({ filters, onClose, onSaved }: DialogProps) {
  const save = useSaveSearch();
  const [frequency, setFrequency] = useState<Frequency>("daily");
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    setProblem(null);
    save.mutate(
      { ...filters, alert_frequency: frequency },
      {
        onSuccess: onSaved,
        // Field errors (the cap of saved searches, say) are shown here; others are toasted.
        onError: (error) => {
          if (hasFieldErrors(error)) setProblem(Object.values(error.errors).flat()[0] ?? null);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="mt-5 space-y-5">
      <Field>
        <RadioGroup
          value={frequency}
          onChange={setFrequency}
          aria-label="How often to email new matches"
          className="flex flex-wrap gap-3"
        >
          {SAVE_DIALOG_FREQUENCIES.map((slug) => (
            <Field key={slug} className="flex items-center gap-2">
              <Radio
                value={slug}
                className="group flex size-5 cursor-pointer items-center justify-center rounded-full bg-white ring-1 ring-gray-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600 data-checked:bg-violet-600 data-checked:ring-violet-600"
              >
                <span className="invisible size-2 rounded-full bg-white group-data-checked:visible" />
              </Radio>
              <Label className="cursor-pointer text-sm text-gray-700">{frequencyLabel(slug)}</Label>
            </Field>
          ))}
        </RadioGroup>
        <Description className="mt-3 text-sm text-gray-500">
          New jobs that match, by email around 8:00 in your time zone; weekly ones on Mondays.
          Change or delete it on Preferences.
        </Description>
      </Field>
      {problem && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {problem}
        </p>
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" className={secondaryButtonClass} onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className={primaryButtonClass} aria-disabled={save.isPending}>
          {save.isPending ? "Saving…" : "Save search"}
        </button>
      </div>
    </form>
  );
}

/** The dialog (Headless UI: focus kept inside, Escape closes), rendered once it is opened. */
export function SaveSearchDialog(props: DialogProps) {
  return (
    <QueryProvider>
      <Dialog open onClose={props.onClose} className="fixed inset-0 z-50">
        <div aria-hidden="true" className="animate-fade-in fixed inset-0 bg-gray-900/50" />
        <div className="fixed inset-0 flex items-end justify-center p-4 sm:items-center">
          <DialogPanel className="animate-panel-in w-full max-w-md rounded-2xl bg-white p-6 shadow-xl">
            <DialogTitle className="text-base font-semibold text-gray-900">
              Save this search
            </DialogTitle>
            <p className="mt-1 text-sm font-medium text-violet-800">{searchLabel(props.filters)}</p>
            <SaveSearchForm {...props} />
          </DialogPanel>
        </div>
      </Dialog>
    </QueryProvider>
  );
}
