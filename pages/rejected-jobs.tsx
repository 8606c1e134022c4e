import { ProfilePageHeader } from "@/components/ui/profile-page-header";

export default function RejectedJobsPage() {
  return (
    <ProfilePageHeader
      title="Not interested"
      lead="Jobs you hid from your lists. Bring one back at any time."
    />
  );
}
