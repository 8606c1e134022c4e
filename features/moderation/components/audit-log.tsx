import { Link } from "@/components/ui/link";
import { useRouter } from "next/router";
import { useState } from "react";
import { EmptyList, ProfileScreenLoading } from "@/components/ui/profile-screen-state";
import { formatDateTime } from "@/lib/format-time";
import {
  primaryButtonClass,
  secondaryButtonClass,
  SelectField,
  TextField,
} from "@/components/ui/form-controls";
import { useAuditLog, type AuditFilter } from "@/features/moderation/hooks/use-moderation";
import type { ApiAnswer } from "@/lib/api-registry/operations";
import { routes } from "@/lib/routes";
import { AUDIT_SUBJECT_TYPES, type AuditSubjectType } from "@/features/moderation/schemas";
import { TableFrame } from "@/components/ui/data-table";

type Entry = ApiAnswer<"listAuditLog">["entries"][number];

const SUBJECT_LABELS: Record<AuditSubjectType, string> = {
  listing: "Listing",
  company: "Company",
  enquiry: "Enquiry",
  plan: "Plan",
  pack: "Pack",
  coupon: "Coupon",
  subscription_plan: "Subscription plan",
  offer: "Offer settings",
  board_member: "Board team member",
  board_invitation: "Board team invitation",
  legal_version: "Legal page version",
  board_settings: "Board settings",
  partner_offer: "Partner offer",
  post: "Blog post",
  post_author: "Blog author",
  post_image: "Blog picture",
  social_channel: "Social channel",
  social_post: "Social post",
};

/** What an entry changed, in a line: its reason, a status change, or its fields. */
export function summariseDetail(detail: Record<string, unknown>): string {
  if (typeof detail.reason === "string") return `Reason: ${detail.reason}`;
  if (typeof detail.from === "string" && typeof detail.to === "string") {
    return `${detail.from} → ${detail.to}`;
  }
  const parts = Object.entries(detail).map(([key, value]) => {
    const text = typeof value === "string" ? value : JSON.stringify(value);
    return `${key.replaceAll("_", " ")}: ${text.length > 60 ? `${text.slice(0, 57)}…` : text}`;
  });
  return parts.join("; ");
}

const who = (entry: Entry) =>
  entry.actor_email ?? (entry.role === "system" ? "The system" : "A deleted account");

function Subject({ entry, onFilter }: { entry: Entry; onFilter: (filter: AuditFilter) => void }) {
  const type = entry.subject_type as AuditSubjectType;
  // What the board sells is named by its slug or code as well (issue 63): "Plan #2 (sponsored)".
  const name = entry.detail.slug ?? entry.detail.code;
  const label = `${SUBJECT_LABELS[type] ?? entry.subject_type} #${entry.subject_id}${typeof name === "string" ? ` (${name})` : ""}`;
  return (
    <span className="flex flex-col items-start gap-0.5">
      {type === "listing" ? (
        <Link
          href={routes.job(String(entry.subject_id))}
          className="font-medium text-violet-700 hover:underline"
        >
          {label}
        </Link>
      ) : (
        <span className="font-medium text-gray-900">{label}</span>
      )}
      <button
        type="button"
        className="cursor-pointer text-xs text-gray-600 underline hover:text-gray-900"
        onClick={() => onFilter({ subject_type: type, subject_id: entry.subject_id })}
      >
        Its history<span className="sr-only"> ({label})</span>
      </button>
    </span>
  );
}

function FilterForm({
  filter,
  onFilter,
}: {
  filter: AuditFilter;
  onFilter: (f: AuditFilter) => void;
}) {
  const [type, setType] = useState<string>(filter.subject_type ?? "");
  const [id, setId] = useState(filter.subject_id ? String(filter.subject_id) : "");
  const idError = id && !/^[1-9]\d{0,9}$/.test(id) ? "Give a number, like 12" : undefined;
  const needsType = id && !type ? "Choose what the number is of" : undefined;
  return (
    <form
      role="search"
      aria-label="Filter the audit log"
      className="grid gap-3 sm:grid-cols-[12rem_10rem_auto] sm:items-start"
      onSubmit={(event) => {
        event.preventDefault();
        if (idError || needsType) return;
        onFilter({
          ...(type ? { subject_type: type as AuditSubjectType } : {}),
          ...(id ? { subject_id: Number(id) } : {}),
        });
      }}
    >
      <SelectField
        label="Subject"
        value={type}
        onChange={(event) => setType(event.target.value)}
        error={needsType}
        options={[
          { value: "", label: "Everything" },
          ...AUDIT_SUBJECT_TYPES.map((value) => ({ value, label: SUBJECT_LABELS[value] })),
        ]}
      />
      <TextField
        label="Number"
        inputMode="numeric"
        value={id}
        onChange={(event) => setId(event.target.value.trim())}
        error={idError}
      />
      <div className="flex gap-2 sm:mt-7">
        <button type="submit" className={primaryButtonClass}>
          Show
        </button>
        {(filter.subject_type || filter.subject_id) && (
          <button
            type="button"
            className={secondaryButtonClass}
            onClick={() => {
              setType("");
              setId("");
              onFilter({});
            }}
          >
            Show everything
          </button>
        )}
      </div>
    </form>
  );
}

/**
 * The filter an address asks for (`routes.reviewHistory`: `?subject_type=plan&subject_id=2`),
 * as far as it is one; anything else is everything.
 */
function filterOf(query: Record<string, string | string[] | undefined>): AuditFilter {
  const type = AUDIT_SUBJECT_TYPES.find((value) => value === query.subject_type);
  const id = typeof query.subject_id === "string" ? query.subject_id : "";
  if (!type) return {};
  return { subject_type: type, ...(/^[1-9]\d{0,9}$/.test(id) && { subject_id: Number(id) }) };
}

/**
 * Who did what, and when: the audit log, newest first, 50 entries a page; of one subject when
 * the address says which (the offer console's History links, issue 63).
 */
export function AuditLog() {
  const router = useRouter();
  const [filter, setFilter] = useState<AuditFilter>(() => filterOf(router.query));
  // The cursors of the pages seen, so that "Newer" goes back: [null] is the newest page.
  const [cursors, setCursors] = useState<(number | null)[]>([null]);
  const before = cursors.at(-1) ?? null;
  const { data } = useAuditLog(filter, before);

  const applyFilter = (next: AuditFilter) => {
    setFilter(next);
    setCursors([null]);
  };

  return (
    <div className="min-w-0 space-y-4">
      <FilterForm
        key={`${filter.subject_type ?? ""}-${filter.subject_id ?? ""}`}
        filter={filter}
        onFilter={applyFilter}
      />
      {!data ? (
        <ProfileScreenLoading />
      ) : data.entries.length === 0 ? (
        <EmptyList title="Nothing recorded">
          Every change a moderator or an employer makes to a listing, a company or an enquiry, and
          every change to the board&rsquo;s plans, packs, subscriptions, coupons and currency, is
          recorded here.
        </EmptyList>
      ) : (
        <>
          {/* Narrow screens: one card per entry; wider ones: a table. */}
          <ul role="list" className="space-y-3 sm:hidden">
            {data.entries.map((entry) => (
              <li
                key={entry.id}
                className="rounded-xl bg-white p-4 text-sm shadow-xs ring-1 ring-gray-200"
              >
                <p className="font-mono text-xs text-gray-900">{entry.action}</p>
                <p className="mt-1 break-all text-gray-900">
                  {who(entry)} <span className="text-gray-500">({entry.role})</span>
                </p>
                <p className="text-gray-500">{formatDateTime(entry.at)}</p>
                <div className="mt-2">
                  <Subject entry={entry} onFilter={applyFilter} />
                </div>
                {Object.keys(entry.detail).length > 0 && (
                  <p className="mt-2 break-words text-gray-700">{summariseDetail(entry.detail)}</p>
                )}
              </li>
            ))}
          </ul>
          <TableFrame label="Audit log" className="hidden sm:block">
            <table className="min-w-full divide-y divide-gray-200 bg-white text-sm">
              <caption className="sr-only">Audit log, newest first</caption>
              <thead className="bg-gray-50 text-left text-gray-600">
                <tr>
                  <th scope="col" className="px-4 py-2 font-medium">
                    When
                  </th>
                  <th scope="col" className="px-4 py-2 font-medium">
                    Who
                  </th>
                  <th scope="col" className="px-4 py-2 font-medium">
                    Action
                  </th>
                  <th scope="col" className="px-4 py-2 font-medium">
                    Subject
                  </th>
                  <th scope="col" className="px-4 py-2 font-medium">
                    Detail
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100 align-top">
                {data.entries.map((entry) => (
                  <tr key={entry.id}>
                    <td className="px-4 py-2 whitespace-nowrap text-gray-700">
                      {formatDateTime(entry.at)}
                    </td>
                    <td className="px-4 py-2">
                      <span className="block break-all text-gray-900">{who(entry)}</span>
                      <span className="text-xs text-gray-500">{entry.role}</span>
                    </td>
                    <td className="px-4 py-2 font-mono text-xs whitespace-nowrap text-gray-900">
                      {entry.action}
                    </td>
                    <td className="px-4 py-2 whitespace-nowrap">
                      <Subject entry={entry} onFilter={applyFilter} />
                    </td>
                    <td className="max-w-md min-w-48 px-4 py-2 break-words text-gray-700">
                      {summariseDetail(entry.detail)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableFrame>
          <nav aria-label="Audit log pages" className="flex justify-between gap-3">
            <button
              type="button"
              className={secondaryButtonClass}
              disabled={cursors.length <= 1}
              onClick={() => setCursors((seen) => seen.slice(0, -1))}
            >
              Newer entries
            </button>
            <button
              type="button"
              className={secondaryButtonClass}
              disabled={data.next_before === null}
              onClick={() => setCursors((seen) => [...seen, data.next_before])}
            >
              Older entries
            </button>
          </nav>
        </>
      )}
    </div>
  );
}
