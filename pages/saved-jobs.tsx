import { ProfilePageHeader } from "@/components/ui/profile-page-header";

export default function SavedJobsPage() {
  return <ProfilePageHeader title="Favorite jobs" lead="Jobs you saved to come back to." />;
}
