import { useState } from "react";
import { boardName, refusalOf, StatusBadge } from "@/features/imports/components/import-parts";
import { EmptyList, ProfileScreenLoading } from "@/components/ui/profile-screen-state";
import { LoadFailed } from "@/components/ui/load-failed";
import { Refusal } from "@/components/ui/refusal";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Link } from "@/components/ui/link";
import { RichText } from "@/components/ui/rich-text";
import {
  useApproveImport,
  useImportReview,
  type ImportReview,
  type WaitingListing,
} from "@/features/imports/hooks/use-imports";
import { departmentLabel, formatSalary, jobTypeLabel } from "@/lib/format";
import { ATS_LABELS } from "@/features/imports/ats";
import { routes } from "@/lib/routes";

/*
 * A source's first import as a moderator reviews it before approving (issue 61): every listing
 * waiting, each linked to its preview below, read as its page will read once published (they
 * are not public yet: the job pages show no listing waiting in review); then one confirmation
 * that names how many go live.
 */

/** "1 listing", "4 listings". */
const listings = (count: number) => `${count} ${count === 1 ? "listing" : "listings"}`;

const previewId = (listing: WaitingListing) => `listing-${listing.id}`;

/** One waiting listing as its page will read: title, company, facts, where to apply, the text. */
function ListingPreview({
  listing,
  company,
  ats,
}: {
  listing: WaitingListing;
  company: string;
  ats: string;
}) {
  const pay = formatSalary(
    listing.salary_min,
    listing.salary_max,
    listing.salary_currency,
    listing.salary_period,
  );
  const facts = [
    listing.location,
    jobTypeLabel(listing.type),
    departmentLabel(listing.department),
    pay,
  ].filter(Boolean);
  const headingId = `${previewId(listing)}-title`;
  return (
    <li>
      <article
        id={previewId(listing)}
        aria-labelledby={headingId}
        tabIndex={-1}
        className="scroll-mt-24 rounded-2xl bg-white p-5 shadow-xs ring-1 ring-gray-200 focus:outline-none focus-visible:outline-2 focus-visible:outline-violet-600 sm:p-6"
      >
        <p className="text-sm text-gray-600">{company}</p>
        <h3 id={headingId} className="text-lg font-semibold text-gray-900">
          {listing.title}
        </h3>
        <p className="mt-1 text-sm text-gray-600">{facts.join(" · ")}</p>
        {!listing.publishes && (
          <p className="mt-2 text-sm font-medium text-amber-800">
            Stays in the review queue: {listing.held_because.join("; ")}
          </p>
        )}
        {listing.apply_url && (
          <p className="mt-2 text-sm">
            <a
              href={listing.apply_url}
              target="_blank"
              rel="noopener noreferrer nofollow"
              className="font-medium break-all text-violet-700 hover:underline"
            >
              Its page on {ats}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
            <span className="text-gray-500">: where candidates apply</span>
          </p>
        )}
        <RichText
          html={listing.description_html}
          className="mt-4 max-w-none border-t border-gray-100 pt-4 text-sm"
        />
      </article>
    </li>
  );
}

/** Publish the waiting listings, after a confirmation that names how many. */
function ApproveBar({ review, onSaid }: { review: ImportReview; onSaid: (said: string) => void }) {
  const approve = useApproveImport();
  const [asking, setAsking] = useState(false);
  const { source, waiting, publishes } = review;
  const name = `${boardName(source)} (${source.company.name})`;
  const held = waiting.length - publishes;
  return (
    <div className="flex flex-col gap-3 rounded-xl bg-violet-50 p-4 ring-1 ring-violet-200 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-gray-800">
        Approving publishes {listings(publishes)} now; later jobs from this board go live without
        review.
        {held > 0 && <> {listings(held)} stay in the review queue.</>}
      </p>
      <Button className="shrink-0" onClick={() => setAsking(true)}>
        Approve and publish…
      </Button>
      <ConfirmDialog
        open={asking}
        onClose={() => setAsking(false)}
        onConfirm={() =>
          !approve.isPending &&
          approve.mutate(source, {
            onSuccess: ({ published }) => {
              onSaid(`Approved ${name}: ${listings(published)} published.`);
              setAsking(false);
            },
          })
        }
        pending={approve.isPending}
        title={`Publish ${listings(publishes)} from ${name}?`}
        confirmLabel={`Publish ${listings(publishes)}`}
        pendingLabel="Publishing…"
        cancelLabel="Cancel"
        tone="primary"
      >
        <p>
          They go live on the board at once, and {source.company.name}&rsquo;s later jobs on{" "}
          {ATS_LABELS[source.ats]} go live without review.
          {held > 0 && <> {listings(held)} stay in the review queue, for a word on each.</>}
        </p>
        {approve.isError && (
          <div className="mt-3">
            <Refusal
              message={refusalOf(approve.error, "Nothing was published. Please try again.")}
            />
          </div>
        )}
      </ConfirmDialog>
    </div>
  );
}

/** /review/imports/{id}: one source's first import, listing by listing, then approved. */
export function ImportFirstReview({ sourceId }: { sourceId: number }) {
  const { data, isPending, isError, refetch } = useImportReview(sourceId);
  const [said, setSaid] = useState("");

  let content;
  if (isPending) content = <ProfileScreenLoading />;
  else if (isError && !data)
    content = <LoadFailed what="The import" retry={() => void refetch()} />;
  else {
    const { source, waiting } = data!;
    content = (
      <div className="space-y-8">
        <div className="space-y-1 text-sm">
          <p>
            <Link
              href={routes.company(source.company.slug)}
              className="font-medium text-violet-700 hover:underline"
            >
              {source.company.name}
            </Link>{" "}
            on <span className="break-all">{boardName(source)}</span>
          </p>
          <p className="flex flex-wrap gap-1">
            <StatusBadge source={source} />
            {source.reviewed ? (
              <Badge tone="green">Reviewed</Badge>
            ) : (
              <Badge tone="amber">Waiting for review</Badge>
            )}
          </p>
        </div>
        {waiting.length === 0 ? (
          <EmptyList title="No listings waiting">
            {source.reviewed
              ? "Its first import is approved: its jobs go live without review."
              : "Its first run has not brought any listing in yet: look again once it has run."}
          </EmptyList>
        ) : (
          <>
            <section aria-labelledby="waiting-heading" className="space-y-3">
              <h2 id="waiting-heading" className="text-lg font-semibold text-gray-900">
                {listings(waiting.length)} waiting
              </h2>
              <ol role="list" className="space-y-1 text-sm">
                {waiting.map((listing) => (
                  <li key={listing.id}>
                    <a
                      href={`#${previewId(listing)}`}
                      className="font-medium text-violet-700 hover:underline"
                    >
                      {listing.title}
                    </a>
                    <span className="text-gray-600"> · {listing.location}</span>
                    {!listing.publishes && (
                      <span className="text-amber-800"> · stays in review</span>
                    )}
                  </li>
                ))}
              </ol>
            </section>
            {!source.reviewed && <ApproveBar review={data!} onSaid={setSaid} />}
            <section aria-labelledby="previews-heading" className="space-y-3">
              <h2 id="previews-heading" className="text-lg font-semibold text-gray-900">
                As they will read on the board
              </h2>
              <ul role="list" className="space-y-6">
                {waiting.map((listing) => (
                  <ListingPreview
                    key={listing.id}
                    listing={listing}
                    company={source.company.name}
                    ats={ATS_LABELS[source.ats]}
                  />
                ))}
              </ul>
            </section>
          </>
        )}
      </div>
    );
  }

  return (
    <div className="space-y-6">
      <p role="status" className="text-sm font-medium text-emerald-800">
        {said}
      </p>
      {content}
    </div>
  );
}
