import { ProfilePageHeader } from "@/components/ui/profile-page-header";

export default function PreferencesPage() {
  return (
    <ProfilePageHeader
      title="Preferences"
      lead="The roles, places and pay you are looking for; they shape the jobs we show you."
    />
  );
}
