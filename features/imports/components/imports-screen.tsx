import { ConnectForm } from "@/features/imports/components/connect-form";
import { SourceCard } from "@/features/imports/components/source-card";
import { IMPORTED_LISTINGS_MAX } from "@/features/imports/labels";
import type { ImportSource } from "@/features/imports/hooks/use-imports";

/**
 * The company's imports (issue 46): each board it imports, then the form that connects another.
 * A company usually has one; the list says how many live listings all of them may have.
 */
export function ImportsScreen({ sources }: { sources: ImportSource[] }) {
  return (
    <div className="space-y-6">
      {sources.length > 0 && (
        <section aria-labelledby="imported-boards" className="space-y-3">
          <h2 id="imported-boards" className="text-base font-semibold text-gray-900">
            Boards you import
          </h2>
          <p className="text-sm text-gray-600">
            Up to {IMPORTED_LISTINGS_MAX} imported listings can be live at once, all boards
            together.
          </p>
          <ul role="list" className="space-y-4">
            {sources.map((source) => (
              <SourceCard key={source.id} source={source} />
            ))}
          </ul>
        </section>
      )}
      <ConnectForm />
    </div>
  );
}
