import { ProfilePageHeader } from "@/components/ui/profile-page-header";

export default function ProfileOverviewPage() {
  return (
    <ProfilePageHeader title="Profile overview" lead="How employers and the talent page see you." />
  );
}
