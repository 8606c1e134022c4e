import { useId, type ReactNode } from "react";

/**
 * A card of a screen, like FormSection, but a region named by its heading: screen readers list
 * it, and tests find it by name. With an id, a link can scroll to it (clear of the header).
 */
export function RegionCard({
  id,
  title,
  lead,
  children,
}: {
  id?: string;
  title: string;
  lead?: ReactNode;
  children: ReactNode;
}) {
  const heading = useId();
  return (
    <section
      id={id}
      aria-labelledby={heading}
      className="scroll-mt-24 rounded-2xl bg-white p-5 shadow-xs ring-1 ring-gray-200 sm:p-6"
    >
      <h2 id={heading} className="text-base font-semibold text-gray-900">
        {title}
      </h2>
      {lead && <div className="mt-1 text-sm text-gray-600">{lead}</div>}
      <div className="mt-5 space-y-5">{children}</div>
    </section>
  );
}
