import type { ApiAnswer } from "@/lib/api-registry/operations";
import { formatCount } from "@/lib/format";

type Counts = ApiAnswer<"getModerationCounts">;

const FIGURES: { key: keyof Counts; label: string }[] = [
  { key: "in_review", label: "Listings in review" },
  { key: "awaiting_payment", label: "Awaiting payment" },
  { key: "edits_pending", label: "Edits waiting" },
  { key: "new_enquiries", label: "New enquiries" },
  { key: "overdue_invoices", label: "Overdue invoices" },
];

/** What waits for the moderators, as figures at the top of /review. */
export function ModerationCounts({ counts }: { counts: Counts | undefined }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      {FIGURES.map(({ key, label }) => (
        <div key={key} className="rounded-xl bg-white px-4 py-3 shadow-xs ring-1 ring-gray-200">
          <dt className="text-sm text-gray-600">{label}</dt>
          <dd className="mt-1 text-2xl font-semibold tracking-tight text-gray-900">
            {counts ? formatCount(counts[key]) : "–"}
          </dd>
        </div>
      ))}
    </dl>
  );
}
