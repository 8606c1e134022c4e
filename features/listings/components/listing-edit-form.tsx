// First: no zod schema may be built in the browser before zod is told not to try eval.
import "@/lib/zod-jitless";
import { zodResolver } from "@hookform/resolvers/zod";
import { Link } from "@/components/ui/link";
import { useRouter } from "next/router";
import { useState } from "react";
import { FormProvider, useForm, type Resolver } from "react-hook-form";
import toast from "react-hot-toast";
import { ApplyFields } from "@/features/listings/components/apply-fields";
import { JobFields } from "@/features/listings/components/job-fields";
import { PlaceFields } from "@/features/listings/components/place-fields";
import {
  jobFormValues,
  SUBMISSION_FIELDS,
  type JobFormValues,
  type SubmissionFormValues,
} from "@/features/listings/components/submission-form-values";
import { secondaryButtonClass } from "@/components/ui/form-controls";
import { GatedForm, SubmitButton } from "@/components/ui/gated-form";
import { useEditListing } from "@/features/listings/hooks/use-listings";
import type { ApiAnswer } from "@/lib/api-registry/operations";
import { serverMessage, showServerFieldErrors } from "@/lib/form-errors";
import {
  listingEditBodySchema,
  type ListingEditBody,
  type OwnListingFields,
} from "@/features/listings/edit-schemas";
import { sendsPlace } from "@/features/jobs/remote-job";
import { PLACE_SECTION_ID, routes } from "@/lib/routes";

/** The job's and its place's fields, as the server names their errors ("job.title"). */
const FIELDS = SUBMISSION_FIELDS.filter(
  (field) => field.startsWith("job.") || field.startsWith("place."),
);

type EditFormValues = { job: JobFormValues; place: NonNullable<SubmissionFormValues["place"]> };

/**
 * The stored place as the form types it: a remote job's countries (none: anywhere), an on-site
 * job's address with its state or region as an address writes it ("TX", "England").
 */
const placeFormValues = (place: OwnListingFields["place"]): EditFormValues["place"] => ({
  remote_countries: place.remote_countries ?? undefined,
  address_locality: place.address_locality ?? "",
  address_region: place.address_region_label ?? "",
  address_country: place.address_country ?? "",
});

const OUTCOME_TOASTS = {
  updated: "Saved: your listing shows the change.",
  resubmitted: "Saved and sent back to review.",
  in_review: "Saved: the change goes live once a moderator approves it.",
} as const;

const problemOf = (error: unknown) =>
  serverMessage(error, "Your changes were not saved. Please try again.");

/**
 * A listing's edit form: the job's fields and where it can be done as /submit asks for them,
 * checked by the schema the API uses, starting from the edit waiting for review if there is one.
 * The place is sent as the form shows it, so what the employer chose stays, unless an on-site
 * job moved with its address untouched (sendsPlace): then it is read from the new location.
 */
export function ListingEditForm({ detail }: { detail: ApiAnswer<"getOwnListing"> }) {
  const router = useRouter();
  const { listing } = detail;
  const edit = useEditListing(listing.id);
  const [problem, setProblem] = useState<string | null>(null);
  const { place, ...fields } = detail.pending_fields ?? detail.fields;
  const form = useForm<EditFormValues, unknown, ListingEditBody>({
    defaultValues: {
      job: jobFormValues(fields),
      place: placeFormValues(place),
    },
    resolver: zodResolver(listingEditBodySchema) as unknown as Resolver<
      EditFormValues,
      unknown,
      ListingEditBody
    >,
    mode: "onTouched",
    shouldFocusError: true,
  });
  const {
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form;
  const published = listing.published_at !== null;

  const onSubmit = handleSubmit(async ({ place: shown, ...rest }) => {
    setProblem(null);
    const addressTouched = (
      ["address_locality", "address_region", "address_country"] as const
    ).some((name) => form.getFieldState(`place.${name}`).isDirty);
    const body = sendsPlace(rest.job, fields, addressTouched) ? { ...rest, place: shown } : rest;
    try {
      const answer = await edit.mutateAsync(body);
      toast.success(OUTCOME_TOASTS[answer.outcome]);
      await router.push(`${routes.listings}?listing=${listing.id}`);
    } catch (error) {
      if (!showServerFieldErrors(error, setError, FIELDS)) setProblem(problemOf(error));
    }
  });
  const busy = isSubmitting || edit.isPending;

  return (
    <FormProvider {...form}>
      <GatedForm onSubmit={onSubmit} noValidate aria-label="Edit listing" className="space-y-6">
        {published && (
          <div className="rounded-xl bg-sky-50 p-4 text-sm text-sky-900">
            <p className="font-medium">Your listing stays live as it is while you edit.</p>
            <p className="mt-1">
              Pay and small typo fixes show at once. Other changes (the title, the role, where, how
              to apply, the description) go live once a moderator approves them, usually within one
              working day.
            </p>
          </div>
        )}
        {listing.needs_countries && (
          <div className="rounded-xl bg-amber-50 p-4 text-sm text-amber-900">
            <p className="font-medium">Google&rsquo;s job search leaves this listing out.</p>
            <p className="mt-1">
              It is a remote job that names no country applicants may live in, and Google lists a
              remote job only with them.{" "}
              <a href={`#${PLACE_SECTION_ID}`} className="font-medium underline">
                Name the countries
              </a>{" "}
              and save: it goes live at once, with no review.
            </p>
          </div>
        )}
        {detail.pending_fields && (
          <p className="rounded-xl bg-amber-50 p-4 text-sm text-amber-900">
            This form shows your edit waiting for review. Saving it replaces that edit.
          </p>
        )}
        <JobFields />
        <PlaceFields />
        <ApplyFields />
        <div className="flex flex-wrap items-center gap-3">
          <SubmitButton busy={busy}>{busy ? "Saving…" : "Save changes"}</SubmitButton>
          <Link href={routes.listings} className={secondaryButtonClass}>
            Cancel
          </Link>
          <p aria-live="polite" role="status" className="text-sm font-medium text-red-700">
            {problem ?? (Object.keys(errors).length > 0 ? "Check the fields marked in red." : "")}
          </p>
        </div>
      </GatedForm>
    </FormProvider>
  );
}
