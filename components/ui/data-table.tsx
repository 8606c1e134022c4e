import type { ReactNode } from "react";

/* The plain tables of the company's and moderators' screens (invoices, imports). */

export const tableClass = "min-w-full divide-y divide-gray-200 bg-white text-left text-sm";
export const headClass = "bg-gray-50 text-gray-600";
export const thClass = "px-4 py-2 font-medium whitespace-nowrap";
export const tdClass = "px-4 py-3 align-top";

/** A table that scrolls sideways on a phone: it takes focus, so arrow keys scroll it. */
export function TableFrame({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="relative overflow-x-auto rounded-xl ring-1 ring-gray-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600"
    >
      {children}
    </div>
  );
}

export const linkButtonClass =
  "cursor-pointer font-medium text-violet-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600 aria-disabled:cursor-wait aria-disabled:opacity-60";
