import { PreferencesForm } from "@/components/profile/preferences-form";
import { ProfileScreenLoading } from "@/components/profile/profile-screen-state";
import { SavedSearchesSection } from "@/components/saved-searches/saved-searches-section";
import { ProfilePageHeader } from "@/components/ui/profile-page-header";
import { usePreferences } from "@/hooks/use-preferences";

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
