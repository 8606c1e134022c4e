import { Disclosure, DisclosureButton, DisclosurePanel } from "@headlessui/react";
import { Link } from "@/components/ui/link";
import { useState } from "react";
import { EmptyList, ProfileScreenLoading } from "@/components/ui/profile-screen-state";
import { ListPager } from "@/features/moderation/components/list-pager";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { primaryButtonClass, TextAreaField, TextField } from "@/components/ui/form-controls";
import { GatedForm, SubmitButton } from "@/components/ui/gated-form";
import { useLiveListings, useTakeDownListing } from "@/features/moderation/hooks/use-moderation";
import type { ApiAnswer } from "@/lib/api-registry/operations";
import { hasFieldErrors } from "@/lib/error-toast";
import { formatDate } from "@/lib/format";
import { routes } from "@/lib/routes";
import { jobPath } from "@/features/jobs/path";
import { REJECTION_REASON_LIMITS } from "@/features/listings/review-schemas";

type LiveListing = ApiAnswer<"listLiveListings">["listings"][number];

/** The reason, then a confirmation: a take-down is public at once and mailed to the employer. */
function TakeDownForm({ listing }: { listing: LiveListing }) {
  const takeDown = useTakeDownListing();
  const [reason, setReason] = useState("");
  const [confirming, setConfirming] = useState(false);
  const [localError, setLocalError] = useState<string>();
  const serverError = hasFieldErrors(takeDown.error)
    ? takeDown.error.errors.reason?.join(" ")
    : undefined;

  const confirm = () => {
    if (takeDown.isPending) return;
    takeDown.mutate(
      { id: listing.id, title: listing.title, reason },
      { onSettled: () => setConfirming(false) },
    );
  };

  return (
    <GatedForm
      className="mt-3 space-y-3"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        // Checked here too, so the dialog opens only for a reason the server will take.
        if (reason.trim().length < REJECTION_REASON_LIMITS.min) {
          setLocalError(
            `Say why in at least ${REJECTION_REASON_LIMITS.min} characters; the employer will read it`,
          );
          return;
        }
        setLocalError(undefined);
        takeDown.reset();
        setConfirming(true);
      }}
    >
      <TextAreaField
        label="Why it is taken down"
        hint="The employer reads this by email and on their listings page."
        rows={3}
        maxLength={REJECTION_REASON_LIMITS.max}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        error={localError ?? serverError}
      />
      <SubmitButton variant="secondary" size="sm">
        Take down listing<span className="sr-only"> {listing.title}</span>
      </SubmitButton>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={confirm}
        pending={takeDown.isPending}
        title={`Take “${listing.title}” down?`}
        confirmLabel="Take it down"
        pendingLabel="Taking down…"
        cancelLabel="Keep it live"
      >
        <p>
          It leaves the board at once: the lists, search and its page.{" "}
          {listing.submitter_email
            ? `Its employer (${listing.submitter_email}) is mailed your reason.`
            : "It was posted without an employer account, so nobody is mailed."}{" "}
          This cannot be undone here.
        </p>
      </ConfirmDialog>
    </GatedForm>
  );
}

function LiveListingCard({ listing }: { listing: LiveListing }) {
  return (
    <li
      aria-labelledby={`live-${listing.id}`}
      className="rounded-2xl bg-white p-5 shadow-xs ring-1 ring-gray-200 sm:p-6"
    >
      <p className="text-sm text-gray-600">{listing.company_name}</p>
      <h3 id={`live-${listing.id}`} className="text-base font-semibold text-gray-900">
        <Link href={jobPath(listing)} className="hover:text-violet-700 hover:underline">
          {listing.title}
        </Link>
      </h3>
      <p className="mt-1 text-sm text-gray-500">
        #{listing.id} · {listing.location} · published {formatDate(listing.published_at)} · ends{" "}
        {formatDate(listing.expires_at)}
        {listing.sponsored && " · sponsored"}
      </p>
      <p className="mt-1 text-sm text-gray-500">
        Posted by {listing.submitter_email ?? "the board (no employer account)"}
        {listing.takes_applications && (
          <>
            {" · "}
            <Link
              href={routes.listingApplicants(listing.id)}
              className="font-medium text-violet-700 hover:underline"
            >
              Applicants<span className="sr-only"> for {listing.title}</span>
            </Link>
          </>
        )}
      </p>
      {listing.needs_countries && (
        <p className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          Not in Google&rsquo;s job search: this remote job names no country applicants may live in.
          Its employer is asked by mail, once, to name them.
        </p>
      )}
      <Disclosure as="div" className="mt-3">
        <DisclosureButton className="text-sm font-medium text-gray-700 underline hover:text-gray-900">
          Take down…<span className="sr-only"> {listing.title}</span>
        </DisclosureButton>
        <DisclosurePanel>
          <TakeDownForm listing={listing} />
        </DisclosurePanel>
      </Disclosure>
    </li>
  );
}

/** Live listings, newest first, found by title, company or id; each can be taken down. */
export function LiveListings() {
  const [typed, setTyped] = useState("");
  const [q, setQ] = useState("");
  const [page, setPage] = useState(1);
  const [onlyNeeding, setOnlyNeeding] = useState(false);
  const { data, isPlaceholderData } = useLiveListings(
    q,
    page,
    onlyNeeding ? "countries" : undefined,
  );

  return (
    <div className="space-y-6">
      <form
        role="search"
        aria-label="Live listings"
        className="flex flex-col gap-3 sm:flex-row sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          setQ(typed.trim());
          setPage(1);
        }}
      >
        <div className="sm:w-96">
          <TextField
            label="Find a live listing"
            hint="Part of its title or company, or its number (#123)."
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
        </div>
        <button type="submit" className={`${primaryButtonClass} sm:mb-7`}>
          Search
        </button>
      </form>
      {(onlyNeeding || (data?.needing_countries ?? 0) > 0) && (
        <label className="flex min-h-6 items-center gap-2 text-sm text-gray-800">
          <input
            type="checkbox"
            className="size-4 rounded border-gray-300 accent-violet-600"
            checked={onlyNeeding}
            onChange={(event) => {
              setOnlyNeeding(event.target.checked);
              setPage(1);
            }}
          />
          Only remote jobs naming no country, left out of Google&rsquo;s job search (
          {data?.needing_countries ?? 0})
        </label>
      )}
      {!data ? (
        <ProfileScreenLoading />
      ) : data.listings.length === 0 ? (
        <EmptyList title={q ? "No live listing matches" : "No live listings"}>
          {q
            ? "Try part of the title or the company's name."
            : onlyNeeding
              ? "Every live remote job names the countries applicants may live in."
              : "Approved listings appear here."}
        </EmptyList>
      ) : (
        <>
          <p className="text-sm text-gray-600" aria-live="polite">
            {data.total === 1 ? "1 live listing" : `${data.total} live listings`}
            {q && ` matching “${q}”`}, newest first.
          </p>
          <ul role="list" className="space-y-4" aria-busy={isPlaceholderData}>
            {data.listings.map((listing) => (
              <LiveListingCard key={listing.id} listing={listing} />
            ))}
          </ul>
          <ListPager
            label="Live listings pages"
            page={data.page}
            pages={Math.max(1, Math.ceil(data.total / data.per_page))}
            onPage={setPage}
          />
        </>
      )}
    </div>
  );
}
