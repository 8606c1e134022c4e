import { ButtonLink } from "@/components/ui/button";
import type { ReactNode } from "react";

/** Where a profile screen's content will be, while it loads. */
export function ProfileScreenLoading() {
  return (
    <div role="status" aria-busy="true" className="space-y-4">
      <span className="sr-only">Loading…</span>
      {[0, 1, 2].map((row) => (
        <div key={row} className="h-24 animate-pulse rounded-2xl bg-gray-200/70" />
      ))}
    </div>
  );
}

/** A list with nothing in it yet: what it is for, and where to go to fill it. */
export function EmptyList({
  title,
  children,
  action,
}: {
  title: string;
  children: ReactNode;
  action?: { href: string; label: string };
}) {
  return (
    <div className="rounded-2xl border border-dashed border-gray-300 bg-white px-6 py-12 text-center">
      <h2 className="text-base font-semibold text-gray-900">{title}</h2>
      <p className="mx-auto mt-2 max-w-md text-sm text-gray-600">{children}</p>
      {action && (
        <ButtonLink href={action.href} className="mt-6">
          {action.label}
        </ButtonLink>
      )}
    </div>
  );
}
