import { ProfilePageHeader } from "@/components/ui/profile-page-header";

export default function SettingsPage() {
  return <ProfilePageHeader title="Settings" lead="Your email preferences and your account." />;
}
