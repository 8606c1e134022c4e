import { Pipeline } from "@/features/applications/components/pipeline/pipeline";
import { ListingScreen, useListingId } from "@/features/listings/components/own-listing-screen";
import { useApplicants } from "@/features/applications/hooks/use-applicants";

/**
 * /listings/{id}/applicants: the pipeline of one listing's applicants, for its employer or a
 * moderator (the applicants' answer names the listing: no call for the employer's own listing).
 */
export default function ApplicantsPage() {
  const { id, malformed } = useListingId();
  // The same query as the pipeline's "All" tab: one call for both.
  const { data, error } = useApplicants(id, null);
  return (
    <ListingScreen
      malformed={malformed}
      failed={error}
      title={data && `Applicants for “${data.listing.title}”`}
      untitled="Applicants"
      lead="Read each application and CV, move applicants through the stages, and keep private notes."
    >
      {id !== null && <Pipeline listingId={id} />}
    </ListingScreen>
  );
}
