import { BackToListings } from "@/features/listings/components/back-to-listings";
import { DirectoryScreen } from "@/features/directory/components/directory-screen";
import { ProfilePageHeader } from "@/components/ui/profile-page-header";

/**
 * /listings/candidates: the candidate directory (issue 47), for members of a company whose
 * listing has been live on the board. Signed in only (the profile layout sees to that); the
 * search lives in the address, which its form writes without JavaScript too.
 */
export default function CandidatesPage() {
  return (
    <>
      <ProfilePageHeader
        title="Candidates"
        lead="Find people who let employers see their profile, and invite them to apply to one of your live jobs."
      />
      <div className="mt-6">
        <BackToListings />
      </div>
      <div className="mt-8">
        <DirectoryScreen />
      </div>
    </>
  );
}
