import type { ReactNode } from "react";
import type { Tone } from "@/lib/tones";

const TONES: Record<Tone, string> = {
  amber: "bg-amber-50 text-amber-800 ring-amber-600/20",
  red: "bg-red-50 text-red-800 ring-red-600/20",
  green: "bg-emerald-50 text-emerald-800 ring-emerald-600/20",
  grey: "bg-gray-50 text-gray-700 ring-gray-500/20",
};

/** A state in words (the colour only helps). */
export function Badge({ tone, children }: { tone: Tone; children: ReactNode }) {
  return (
    <span
      className={`inline-flex items-center rounded-md px-2 py-1 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${TONES[tone]}`}
    >
      {children}
    </span>
  );
}

/** Where an invoice stands: Due by …, Overdue, Paid, Credited; a credit note's refund. */
