import { Pipeline } from "@/components/applications/pipeline/pipeline";
import { OwnListingScreen } from "@/components/listings/own-listing-screen";

/** /listings/{id}/applicants: the employer's pipeline of one listing's applicants. */
export default function ApplicantsPage() {
  return (
    <OwnListingScreen
      title={(title) => `Applicants for “${title}”`}
      untitled="Applicants"
      lead="Read each application and CV, move applicants through the stages, and keep private notes."
    >
      {(_, id) => <Pipeline listingId={id} />}
    </OwnListingScreen>
  );
}
