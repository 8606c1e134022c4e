import { LISTING_STATE_LABELS, type ListingState } from "@/features/listings/states";

const COLOURS: Record<ListingState, string> = {
  awaiting_payment: "bg-amber-50 text-amber-800 ring-amber-600/20",
  in_review: "bg-sky-50 text-sky-800 ring-sky-600/20",
  live: "bg-emerald-50 text-emerald-800 ring-emerald-600/20",
  not_approved: "bg-red-50 text-red-800 ring-red-600/20",
  expired: "bg-gray-50 text-gray-700 ring-gray-500/20",
  filled: "bg-gray-50 text-gray-700 ring-gray-500/20",
  withdrawn: "bg-gray-50 text-gray-700 ring-gray-500/20",
  taken_down: "bg-red-50 text-red-800 ring-red-600/20",
};

/** Where a listing stands, as a coloured label (the words carry it; colour only helps). */
export function ListingStateBadge({ state }: { state: ListingState }) {
  return (
    <span
      className={`inline-flex items-center rounded-md px-2 py-1 text-xs font-medium ring-1 ring-inset ${COLOURS[state]}`}
    >
      {LISTING_STATE_LABELS[state]}
    </span>
  );
}

/** "Invoice due" beside a listing whose paid plan is invoiced. */
export function InvoiceDueBadge() {
  return (
    <span className="inline-flex items-center rounded-md bg-amber-50 px-2 py-1 text-xs font-medium text-amber-800 ring-1 ring-amber-600/20 ring-inset">
      Invoice due
    </span>
  );
}
