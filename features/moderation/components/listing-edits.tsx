import { Link } from "@/components/ui/link";
import { useState } from "react";
import { EmptyList, ProfileScreenLoading } from "@/components/ui/profile-screen-state";
import { primaryButtonClass, TextAreaField } from "@/components/ui/form-controls";
import { GatedForm, SubmitButton } from "@/components/ui/gated-form";
import { useCurrentUser } from "@/hooks/use-current-user";
import { useDecideEdit, useEditQueue } from "@/features/listings/hooks/use-listings";
import { countryName } from "@/lib/countries/country-name";
import { hasFieldErrors } from "@/lib/error-toast";
import { departmentLabel, formatDate, jobTypeLabel, regionLabel } from "@/lib/format";
import { routes } from "@/lib/routes";
import type { ListingEditReview, ListingFields } from "@/features/listings/edit-schemas";
import { APPLY_METHOD_LABELS, type ApplyMethod } from "@/features/jobs/constants";
import { TableFrame } from "@/components/ui/data-table";

const FIELD_LABELS: Record<keyof ListingFields, string> = {
  title: "Title",
  department: "Department",
  region: "Region",
  type: "Type",
  location: "Location",
  salary_min: "Pay from",
  salary_max: "Pay to",
  salary_currency: "Currency",
  salary_period: "Pay per",
  description: "Description",
  apply_url: "Apply URL",
  apply_email: "Apply email",
  apply_method: "How candidates apply",
  screening_questions: "Screening questions",
  applications_close_on: "Applications close",
  applicant_mail: "Applicant mail",
};

/** A field's value as a person reads it. */
function shown(field: keyof ListingFields, value: ListingFields[keyof ListingFields]): string {
  if (value === null || value === "") return "—";
  if (Array.isArray(value)) {
    return value.length === 0
      ? "—"
      : value
          .map((question) => `${question.prompt}${question.required ? " (required)" : ""}`)
          .join(" · ");
  }
  if (field === "apply_method") return APPLY_METHOD_LABELS[value as ApplyMethod];
  if (field === "department") return departmentLabel(String(value));
  if (field === "region") return regionLabel(String(value));
  if (field === "type") return jobTypeLabel(String(value));
  if (typeof value === "number") return value.toLocaleString("en-US");
  return value;
}

type Place = ListingEditReview["live_place"];

/** Where a job can be done, as a person reads it. */
function placeShown(place: Place): string {
  if (place.remote_countries) {
    return place.remote_countries.length === 0
      ? "Remote, anywhere"
      : `Remote from ${place.remote_countries.map(countryName).join(", ")}`;
  }
  const parts = [
    place.address_locality,
    place.address_region_label,
    place.address_country && countryName(place.address_country),
  ];
  return parts.filter(Boolean).join(", ") || "—";
}

/** A changed field's label and its live and proposed values, as the table shows them. */
function changeRow(edit: ListingEditReview, field: string) {
  if (field === "place") {
    return {
      label: "Where it can be done",
      live: placeShown(edit.live_place),
      proposed: placeShown(edit.proposed_place),
    };
  }
  const key = field as keyof ListingFields;
  return {
    label: FIELD_LABELS[key],
    live: shown(key, edit.live[key]),
    proposed: shown(key, edit.proposed[key]),
  };
}

function EditCard({ edit }: { edit: ListingEditReview }) {
  const decide = useDecideEdit();
  const [reason, setReason] = useState("");
  const title = edit.live.title;
  const error = hasFieldErrors(decide.error) ? decide.error.errors.reason?.join(" ") : undefined;
  const send = (decision: "approve" | "reject") => {
    if (decide.isPending) return;
    decide.mutate(
      decision === "approve"
        ? { id: edit.id, title, decision }
        : { id: edit.id, title, decision, reason },
    );
  };
  const headingId = `edit-${edit.id}`;
  return (
    <li
      aria-labelledby={headingId}
      className="rounded-2xl bg-white p-5 shadow-xs ring-1 ring-gray-200 sm:p-6"
    >
      <p className="text-sm text-gray-600">{edit.company_name}</p>
      <h3 id={headingId} className="text-base font-semibold text-gray-900">
        <Link href={routes.job(String(edit.listing_id))} className="hover:text-violet-700">
          {title}
        </Link>
      </h3>
      <p className="mt-1 text-sm text-gray-500">
        Edit sent {formatDate(edit.submitted_at)} by {edit.submitter_email ?? "a deleted account"} ·
        listing #{edit.listing_id}
      </p>
      <TableFrame label={`Changes to “${title}”`} className="mt-4">
        <table className="w-full min-w-[32rem] bg-white text-left text-sm">
          <caption className="sr-only">What the edit changes in “{title}”</caption>
          <thead>
            <tr className="text-gray-600">
              <th scope="col" className="w-32 py-2 pr-3 pl-3 font-medium">
                Field
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Live now
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                After the edit
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100 align-top">
            {edit.changed.map((field) => {
              const row = changeRow(edit, field);
              return (
                <tr key={field}>
                  <th scope="row" className="py-2 pr-3 pl-3 font-medium text-gray-900">
                    {row.label}
                  </th>
                  <td className="py-2 pr-3 text-gray-600">
                    <div className="max-h-48 overflow-y-auto break-words whitespace-pre-wrap">
                      {row.live}
                    </div>
                  </td>
                  <td className="py-2 pr-3 text-gray-900">
                    <div className="max-h-48 overflow-y-auto break-words whitespace-pre-wrap">
                      {row.proposed}
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableFrame>
      <div className="mt-4 flex flex-wrap gap-3">
        <button
          type="button"
          className={primaryButtonClass}
          aria-disabled={decide.isPending}
          onClick={() => send("approve")}
        >
          Publish edit<span className="sr-only"> of {title}</span>
        </button>
      </div>
      <GatedForm
        className="mt-4 space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          send("reject");
        }}
      >
        <TextAreaField
          label="Why the edit is not approved"
          hint="The employer reads this on their listings page; the listing stays as it is."
          rows={2}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          error={error}
        />
        <SubmitButton variant="secondary" size="sm" busy={decide.isPending}>
          Refuse edit<span className="sr-only"> of {title}</span>
        </SubmitButton>
      </GatedForm>
    </li>
  );
}

/** The moderators' queue of edits to published listings: each change beside the live text. */
export function ListingEditsReview() {
  const { data: user } = useCurrentUser();
  const { data } = useEditQueue(Boolean(user?.is_moderator));
  if (!data) return <ProfileScreenLoading />;
  if (data.edits.length === 0) {
    return (
      <EmptyList title="No edits are waiting">
        When an employer changes a published listing beyond its pay or a typo, the change waits here
        while the approved version stays live.
      </EmptyList>
    );
  }
  return (
    <ul role="list" className="space-y-4">
      {data.edits.map((edit) => (
        <EditCard key={edit.id} edit={edit} />
      ))}
    </ul>
  );
}
