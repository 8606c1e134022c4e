import { ButtonLink } from "@/components/ui/button";
import type { ReactNode } from "react";
import { errorCode, serverMessage } from "@/lib/form-errors";
import { routes } from "@/lib/routes";

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

/** Whether `error` is the API saying the caller was removed from the company's team (issue 61). */
export const isRemovedFromTeam = (error: unknown) => errorCode(error) === "removed_from_team";

/**
 * What someone removed from a company's team sees on its screens (an applicant, the team, a
 * listing) instead of a load error (issue 61): that they were removed, from which company (the
 * API's sentence names it), and where to go on.
 */
export function RemovedFromTeam({ error }: { error: unknown }) {
  return (
    <div
      role="alert"
      className="rounded-2xl border border-dashed border-gray-300 bg-white px-6 py-12 text-center"
    >
      <h2 className="text-base font-semibold text-gray-900">You are no longer in this team</h2>
      <p className="mx-auto mt-2 max-w-md text-sm text-gray-600">
        {serverMessage(error, "You were removed from this company's team")}. If that is a mistake,
        ask its owner or an admin to invite you again.
      </p>
      <ButtonLink href={routes.listings} className="mt-6">
        Your listings
      </ButtonLink>
    </div>
  );
}
