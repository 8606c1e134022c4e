import { Link } from "@/components/ui/link";
import { ButtonLink } from "@/components/ui/button";
import type { Preferences } from "@/features/account/types";
import { departmentLabel, formatSalaryFloor, jobTypeLabel, regionLabel } from "@/lib/format";
import { routes } from "@/lib/routes";

/** The preferences behind the candidate's job list, in a line, with a way to change them. */
export function PreferencesSummary({
  preferences,
  personalized,
}: {
  preferences: Preferences;
  personalized: boolean;
}) {
  if (!personalized) {
    return (
      <div className="rounded-2xl bg-violet-50 p-5 text-sm text-violet-900 ring-1 ring-violet-200">
        <p className="font-semibold">These are the newest jobs on the board.</p>
        <p className="mt-1">
          Tell us the roles, places and pay you want, and this list will show only those.
        </p>
        <ButtonLink href={routes.preferences} size="sm" className="mt-3">
          Set your preferences
        </ButtonLink>
      </div>
    );
  }
  const parts = [
    ...preferences.departments.map(departmentLabel),
    ...(preferences.remote_only ? ["Remote only"] : preferences.regions.map(regionLabel)),
    ...preferences.types.map(jobTypeLabel),
    ...(preferences.salary_min !== null ? [formatSalaryFloor(preferences.salary_min)] : []),
  ];
  return (
    <div className="flex flex-col gap-3 rounded-2xl bg-white p-4 text-sm shadow-xs ring-1 ring-gray-200 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <p className="font-medium text-gray-900">Matching your preferences</p>
        <ul role="list" className="mt-2 flex flex-wrap gap-1.5">
          {parts.map((part) => (
            <li
              key={part}
              className="rounded-full bg-violet-50 px-2.5 py-0.5 text-xs font-medium text-violet-800"
            >
              {part}
            </li>
          ))}
        </ul>
      </div>
      <Link
        href={routes.preferences}
        className="shrink-0 font-semibold text-violet-700 hover:text-violet-600"
      >
        Edit preferences
      </Link>
    </div>
  );
}
