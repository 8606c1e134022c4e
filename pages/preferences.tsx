import { PreferencesForm } from "@/features/account/components/preferences-form";
import { ProfileScreenLoading } from "@/components/ui/profile-screen-state";
import { SavedSearchesSection } from "@/features/saved-searches/components/saved-searches-section";
import { ProfilePageHeader } from "@/components/ui/profile-page-header";
import { usePreferences } from "@/features/account/hooks/use-preferences";

export default function PreferencesPage() {
  const { data: preferences } = usePreferences();
  return (
    <>
      <ProfilePageHeader
        title="Preferences"
        lead="The roles, places and pay you are looking for; they shape the jobs we show you."
      />
      <div className="mt-8">
        {preferences ? <PreferencesForm preferences={preferences} /> : <ProfileScreenLoading />}
      </div>
      <div className="mt-10">
        <SavedSearchesSection />
      </div>
    </>
  );
}
