import { CandidateProfileScreen } from "@/features/directory/components/candidate-profile-screen";

/**
 * /listings/candidates/{key}: a candidate's profile in the directory (issue 47), for members of
 * a company whose listing has been live; each opening a day takes one of its 200 views.
 */
export default function CandidateProfilePage() {
  return <CandidateProfileScreen />;
}
