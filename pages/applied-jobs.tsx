import { ProfilePageHeader } from "@/components/ui/profile-page-header";

export default function AppliedJobsPage() {
  return (
    <ProfilePageHeader
      title="Applications"
      lead="Jobs you applied to, and where each one stands."
    />
  );
}
