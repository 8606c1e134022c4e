import { ListingEditForm } from "@/components/listings/listing-edit-form";
import { ListingStateBadge } from "@/components/listings/listing-state-badge";
import { OwnListingScreen, ownListingLinkClass } from "@/components/listings/own-listing-screen";
import { Link } from "@/components/ui/link";
import { routes } from "@/lib/routes";

/** /listings/{id}/edit: one of the employer's listings, in the form it was posted with. */
export default function EditListingPage() {
  return (
    <OwnListingScreen
      title={(title) => `Edit “${title}”`}
      untitled="Edit listing"
      lead="Change the job's details. Your company's name, logo and about are on your company profile."
      links={
        <Link href={routes.companyEditor} className={ownListingLinkClass}>
          Company profile
        </Link>
      }
    >
      {(detail) => (
        <>
          <p className="flex flex-wrap items-center gap-2 text-sm text-gray-600">
            <ListingStateBadge state={detail.listing.state} />
            <span>
              {detail.listing.company_name} · #{detail.listing.id}
            </span>
          </p>
          <div className="mt-6">
            <ListingEditForm key={detail.listing.id} detail={detail} />
          </div>
        </>
      )}
    </OwnListingScreen>
  );
}
