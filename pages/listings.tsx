import { PlusIcon } from "@heroicons/react/20/solid";
import { Link } from "@/components/ui/link";
import dynamic from "next/dynamic";
import { useRouter } from "next/router";
import { ListingActions } from "@/features/listings/components/listing-actions";
import {
  InvoiceDueBadge,
  ListingStateBadge,
} from "@/features/listings/components/listing-state-badge";
import { ListingStats } from "@/features/listings/components/listing-stats";
import { ListingPaymentDue } from "@/features/listings/components/listing-payment-due";
import { EmptyList, ProfileScreenLoading } from "@/components/ui/profile-screen-state";
import { primaryButtonClass, secondaryButtonClass } from "@/components/ui/form-controls";
import { TeamLinks } from "@/features/companies/components/team-links";
import { ProfilePageHeader } from "@/components/ui/profile-page-header";
import { useCurrentUser } from "@/hooks/use-current-user";
import { useOwnListings } from "@/features/listings/hooks/use-listings";
import { roleAtLeast } from "@/lib/auth/company-roles";
import { formatDate } from "@/lib/format";
import { jobPath } from "@/features/jobs/path";
import { planOf, type Offer } from "@/features/billing/offer";
import { useOffer } from "@/features/billing/hooks/use-offer";
import { routes } from "@/lib/routes";
import type { OwnListing } from "@/features/listings/types";

/** The company's funnel (issue 65): below the listings, loaded once the page has shown them. */
const EmployerFunnel = dynamic(
  () =>
    import("@/features/analytics/components/employer-funnel").then(
      (module) => module.EmployerFunnel,
    ),
  { ssr: false },
);

function ListingDates({ listing }: { listing: OwnListing }) {
  if (listing.state === "live" && listing.expires_at) {
    return <>Live until {formatDate(listing.expires_at)}</>;
  }
  if (listing.closed_at) return <>Closed {formatDate(listing.closed_at)}</>;
  if (listing.state === "expired" && listing.expires_at) {
    return <>Ended {formatDate(listing.expires_at)}</>;
  }
  if (listing.published_at) return <>Published {formatDate(listing.published_at)}</>;
  return <>Submitted {formatDate(listing.submitted_at)}</>;
}

/**
 * A remote job stored without the countries applicants may live in: Google's job search leaves
 * it out. The fix is its edit form, at the question.
 */
function NeedsCountries({ listing }: { listing: OwnListing }) {
  return (
    <div className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
      <p>
        <span className="font-medium">Not in Google&rsquo;s job search yet.</span> This remote job
        names no country applicants may live in, and Google lists a remote job only with them.
      </p>
      <Link
        href={routes.listingPlace(listing.id)}
        className="mt-2 inline-block font-medium text-amber-950 underline hover:text-violet-700"
      >
        Name the countries<span className="sr-only"> for {listing.title}</span>
      </Link>
    </div>
  );
}

function ListingRow({
  listing,
  offer,
  highlighted,
  readOnly,
}: {
  listing: OwnListing;
  offer: Offer;
  highlighted: boolean;
  /** A viewer of the company (issue 44): reads, changes nothing, pays nothing. */
  readOnly: boolean;
}) {
  const plan = planOf(offer, listing.plan);
  return (
    <li
      className={`rounded-2xl bg-white p-5 shadow-xs ring-1 ${highlighted ? "ring-2 ring-violet-500" : "ring-gray-200"}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm text-gray-600">{listing.company_name}</p>
          <h2 className="text-base font-semibold text-gray-900">
            {listing.state === "live" ? (
              <Link href={jobPath(listing)} className="hover:text-violet-700">
                {listing.title}
              </Link>
            ) : (
              listing.title
            )}
          </h2>
          <p className="mt-1 text-sm text-gray-500">
            {plan?.name ?? listing.plan} plan · <ListingDates listing={listing} /> · #{listing.id}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {listing.payment_status === "invoice_due" && <InvoiceDueBadge />}
          <ListingStateBadge state={listing.state} />
        </div>
      </div>
      {(listing.state === "not_approved" || listing.state === "taken_down") &&
        listing.rejection_reason && (
          <p className="mt-3 rounded-lg bg-red-50 p-3 text-sm text-red-900">
            <span className="font-medium">
              {listing.state === "taken_down" ? "Taken down by a moderator: " : "Why: "}
            </span>
            {listing.rejection_reason}
          </p>
        )}
      {listing.needs_countries && <NeedsCountries listing={listing} />}
      {listing.state === "not_approved" && (
        <p className="mt-3 text-sm text-gray-600">
          Edit it to fix what the moderator asked; it then goes back to review.
        </p>
      )}
      {listing.edit?.status === "pending" && (
        <p className="mt-3 rounded-lg bg-sky-50 p-3 text-sm text-sky-900">
          Your edit of {formatDate(listing.edit.submitted_at)} is in review. The listing shows as
          approved until a moderator publishes it.
        </p>
      )}
      {listing.edit?.status === "rejected" && (
        <p className="mt-3 rounded-lg bg-red-50 p-3 text-sm text-red-900">
          <span className="font-medium">
            Your edit of {formatDate(listing.edit.submitted_at)} was not approved:{" "}
          </span>
          {listing.edit.reason} The listing shows as it was.
        </p>
      )}
      {listing.state === "in_review" && (
        <p className="mt-3 text-sm text-gray-600">
          A person is reviewing it, usually within one working day.
        </p>
      )}
      {!readOnly && <ListingPaymentDue listing={listing} offer={offer} />}
      {!readOnly && <ListingActions listing={listing} offer={offer} />}
      {listing.published_at && listing.applicants && (
        <Link
          href={routes.listingApplicants(listing.id)}
          className="mt-4 inline-block text-sm font-medium text-violet-700 hover:underline"
        >
          Applicants<span className="sr-only"> for {listing.title}</span> (
          {listing.applicants.total}
          {listing.applicants.new > 0 && `, ${listing.applicants.new} new`})
        </Link>
      )}
      {listing.published_at && <ListingStats listingId={listing.id} />}
    </li>
  );
}

export default function ListingsPage() {
  const router = useRouter();
  const { data: listings } = useOwnListings();
  const { data: offer } = useOffer();
  const { data: user } = useCurrentUser();
  const returned = Number(router.query.listing);
  const paid = typeof router.query.paid === "string";
  // What the reader's role in the company allows (issue 44); the server checks it all the same.
  const role = user?.company?.role;
  const readOnly = role !== undefined && !roleAtLeast(role, "recruiter");

  let content;
  if (!listings || !offer) content = <ProfileScreenLoading />;
  else if (listings.length === 0) {
    content = (
      <EmptyList
        title="No listings yet"
        action={readOnly ? undefined : { href: routes.submit, label: "Post a job" }}
      >
        Jobs you post appear here, with where each stands: in review, live, or not approved. Edit,
        renew or close them from here, and see how each does.
      </EmptyList>
    );
  } else {
    content = (
      <ul role="list" className="space-y-4">
        {listings.map((listing) => (
          <ListingRow
            key={listing.id}
            listing={listing}
            offer={offer}
            highlighted={listing.id === returned}
            readOnly={readOnly}
          />
        ))}
      </ul>
    );
  }

  return (
    <>
      <ProfilePageHeader
        title="Your job listings"
        lead="Jobs you posted, where each stands, and how each does."
      />
      <div className="mt-6 flex flex-wrap gap-3">
        {!readOnly && (
          <Link href={routes.submit} className={primaryButtonClass}>
            <PlusIcon aria-hidden="true" className="size-5" />
            Post a job
          </Link>
        )}
        <Link href={routes.companyEditor} className={secondaryButtonClass}>
          Company profile
        </Link>
        <TeamLinks role={role} />
        {user?.is_moderator && (
          <Link href={routes.review} className={secondaryButtonClass}>
            Review queue
          </Link>
        )}
      </div>
      {paid && (
        <p role="status" className="mt-6 rounded-xl bg-emerald-50 p-4 text-sm text-emerald-900">
          Thank you, your payment went through. The listing goes to review as soon as Stripe
          confirms it, usually within a minute.
        </p>
      )}
      <div className="mt-8">{content}</div>
      {/* The company's funnel (issue 65), once it has a listing that was ever published. */}
      {user?.company && listings?.some((listing) => listing.published_at) && (
        <div className="mt-8">
          <EmployerFunnel />
        </div>
      )}
    </>
  );
}
