import {
  ASSIGNABLE_ROLES,
  COMPANY_ROLES,
  ROLE_DESCRIPTIONS,
  ROLE_LABELS,
  roleAtLeast,
  type AssignableRole,
  type CompanyRole,
} from "@/lib/auth/company-roles";

/*
 * Pieces the team's screens share (issue 44): a named section, a role's badge, what each role
 * may do, and how a member is named.
 */

/** The roles someone with `role` may give: none above their own, never owner (that is a handover). */
export const rolesGivenBy = (role: CompanyRole): AssignableRole[] =>
  ASSIGNABLE_ROLES.filter((given) => roleAtLeast(role, given));

export { memberName } from "@/components/ui/member-name";

// Made once: the activity lists fifty at a time. In the reader's own time zone: these screens
// render only in the browser, once their data has come.
const dateTimeFormat = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
});

/** "Dec 2, 2025, 3:04 PM", in the reader's time zone. */
export const formatDateTime = (iso: string) => dateTimeFormat.format(new Date(iso));

const BADGE_COLOURS: Record<CompanyRole, string> = {
  owner: "bg-violet-50 text-violet-800 ring-violet-600/20",
  admin: "bg-sky-50 text-sky-800 ring-sky-600/20",
  recruiter: "bg-emerald-50 text-emerald-800 ring-emerald-600/20",
  viewer: "bg-gray-50 text-gray-700 ring-gray-500/20",
};

/** A role, in words (the colour only helps). */
export function RoleBadge({ role }: { role: CompanyRole }) {
  return (
    <span
      className={`inline-flex items-center rounded-md px-2 py-1 text-xs font-medium ring-1 ring-inset ${BADGE_COLOURS[role]}`}
    >
      {ROLE_LABELS[role]}
    </span>
  );
}

/** What each role may do, highest first. */
export function RoleGuide() {
  return (
    <dl className="grid gap-3 text-sm sm:grid-cols-2">
      {COMPANY_ROLES.map((role) => (
        <div key={role} className="rounded-lg bg-gray-50 p-3">
          <dt className="font-medium text-gray-900">{ROLE_LABELS[role]}</dt>
          <dd className="mt-0.5 text-gray-600">{ROLE_DESCRIPTIONS[role]}</dd>
        </div>
      ))}
    </dl>
  );
}
