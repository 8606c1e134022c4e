import { useEffect, useId, useRef, useState, type ReactNode } from "react";

/* The plain tables of the company's and moderators' screens (invoices, imports). */

export const tableClass = "min-w-full divide-y divide-gray-200 bg-white text-left text-sm";
export const headClass = "bg-gray-50 text-gray-600";
export const thClass = "px-4 py-2 font-medium whitespace-nowrap";
export const tdClass = "px-4 py-3 align-top";

/**
 * A table that scrolls sideways on a phone (issue 61): it takes focus, so arrow keys scroll it,
 * and while columns lie beyond an edge a shade lies along that edge and a line under the table
 * says so (read with the table's name too): no column is out of reach without a sign of it.
 * Every wide table of the site goes in one.
 */
export function TableFrame({
  label,
  children,
  className = "",
}: {
  label: string;
  children: ReactNode;
  className?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const hint = useId();
  const [clipped, setClipped] = useState({ start: false, end: false });
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => {
      const hidden = element.scrollWidth - element.clientWidth;
      const start = hidden > 1 && element.scrollLeft > 1;
      const end = hidden > 1 && element.scrollLeft < hidden - 1;
      setClipped((before) =>
        before.start === start && before.end === end ? before : { start, end },
      );
    };
    measure();
    element.addEventListener("scroll", measure, { passive: true });
    const resize = new ResizeObserver(measure);
    resize.observe(element);
    if (element.firstElementChild) resize.observe(element.firstElementChild);
    return () => {
      element.removeEventListener("scroll", measure);
      resize.disconnect();
    };
  }, []);
  const scrolls = clipped.start || clipped.end;
  return (
    <div className={className}>
      <div className="relative">
        <div
          ref={box}
          role="region"
          aria-label={label}
          aria-describedby={scrolls ? hint : undefined}
          tabIndex={0}
          data-clipped-start={clipped.start || undefined}
          data-clipped-end={clipped.end || undefined}
          className="relative overflow-x-auto rounded-xl ring-1 ring-gray-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600"
        >
          {children}
        </div>
        {/* The shades: outside the scrolling box, so they stay at its edges. */}
        <div
          aria-hidden="true"
          data-scroll-cue="start"
          className={`pointer-events-none absolute inset-y-0 left-0 w-8 rounded-l-xl bg-linear-to-r from-gray-900/20 to-transparent transition-opacity ${clipped.start ? "opacity-100" : "opacity-0"}`}
        />
        <div
          aria-hidden="true"
          data-scroll-cue="end"
          className={`pointer-events-none absolute inset-y-0 right-0 w-8 rounded-r-xl bg-linear-to-l from-gray-900/20 to-transparent transition-opacity ${clipped.end ? "opacity-100" : "opacity-0"}`}
        />
      </div>
      {scrolls && (
        <p id={hint} className="mt-1.5 text-xs text-gray-600">
          {clipped.end
            ? "More columns to the right: scroll sideways →"
            : "← Scroll back for the first columns"}
        </p>
      )}
    </div>
  );
}

export const linkButtonClass =
  "cursor-pointer font-medium text-violet-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600 aria-disabled:cursor-wait aria-disabled:opacity-60";
