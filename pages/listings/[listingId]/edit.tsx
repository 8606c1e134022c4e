import { Link } from "@/components/ui/link";
import { useRouter } from "next/router";
import { ListingEditForm } from "@/components/listings/listing-edit-form";
import { ListingStateBadge } from "@/components/listings/listing-state-badge";
import { EmptyList, ProfileScreenLoading } from "@/components/profile/profile-screen-state";
import { ProfilePageHeader } from "@/components/ui/profile-page-header";
import { useOwnListing } from "@/hooks/use-listings";
import { routes } from "@/lib/routes";

/** /listings/{id}/edit: one of the employer's listings, in the form it was posted with. */
export default function EditListingPage() {
  const router = useRouter();
  const raw = router.query.listingId;
  const id = typeof raw === "string" && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
  const { data, error } = useOwnListing(router.isReady ? id : null);

  let content;
  if (router.isReady && (id === null || error)) {
    content = (
      <EmptyList title="No such listing" action={{ href: routes.listings, label: "Your listings" }}>
        It is not one of your listings, or it was removed.
      </EmptyList>
    );
  } else if (!data) {
    content = <ProfileScreenLoading />;
  } else {
    content = (
      <>
        <p className="flex flex-wrap items-center gap-2 text-sm text-gray-600">
          <ListingStateBadge state={data.listing.state} />
          <span>
            {data.listing.company_name} · #{data.listing.id}
          </span>
        </p>
        <div className="mt-6">
          <ListingEditForm key={data.listing.id} detail={data} />
        </div>
      </>
    );
  }

  return (
    <>
      <ProfilePageHeader
        title={data ? `Edit “${data.listing.title}”` : "Edit listing"}
        lead="Change the job's details. Your company's name, logo and about are on your company profile."
      />
      <p className="mt-3 text-sm">
        <Link href={routes.listings} className="font-medium text-violet-700 hover:underline">
          ← Your listings
        </Link>
        <span aria-hidden="true" className="text-gray-300">
          {" "}
          ·{" "}
        </span>
        <Link href={routes.companyEditor} className="font-medium text-violet-700 hover:underline">
          Company profile
        </Link>
      </p>
      <div className="mt-6">{content}</div>
    </>
  );
}
