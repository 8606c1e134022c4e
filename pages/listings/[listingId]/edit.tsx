import { ListingEditForm } from "@/features/listings/components/listing-edit-form";
import { ListingStateBadge } from "@/features/listings/components/listing-state-badge";
import {
  ListingScreen,
  ownListingLinkClass,
  useListingId,
} from "@/features/listings/components/own-listing-screen";
import { Link } from "@/components/ui/link";
import { useOwnListing } from "@/features/listings/hooks/use-listings";
import { routes } from "@/lib/routes";

/** /listings/{id}/edit: one of the employer's listings, in the form it was posted with. */
export default function EditListingPage() {
  const { id, malformed } = useListingId();
  const { data, error } = useOwnListing(id);
  return (
    <ListingScreen
      malformed={malformed}
      failed={Boolean(error)}
      title={data && `Edit “${data.listing.title}”`}
      untitled="Edit listing"
      lead="Change the job's details. Your company's name, logo and about are on your company profile."
      links={
        <Link href={routes.companyEditor} className={ownListingLinkClass}>
          Company profile
        </Link>
      }
    >
      {data && (
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
      )}
    </ListingScreen>
  );
}
