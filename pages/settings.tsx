import { Link } from "@/components/ui/link";
import { DeleteAccount } from "@/features/account/components/delete-account";
import { ProfileScreenLoading } from "@/components/ui/profile-screen-state";
import { FormSection, secondaryButtonClass, ToggleField } from "@/components/ui/form-controls";
import {
  BlockedCompaniesSection,
  InvitationsSection,
  ProfileViewsSection,
  VisibilitySection,
} from "@/features/directory/components/profile-privacy";
import { ProfilePageHeader } from "@/components/ui/profile-page-header";
import { useCurrentUser, useUpdateCurrentUser } from "@/hooks/use-current-user";
import { usePreferences } from "@/features/account/hooks/use-preferences";
import { useAuth } from "@/lib/auth/auth-context";
import { ALERT_FREQUENCIES } from "@/features/account/constants";
import { routes } from "@/lib/routes";
import { boardSettings } from "@/lib/board-settings";

export default function SettingsPage() {
  const { data: user } = useCurrentUser();
  const { data: preferences } = usePreferences();
  const update = useUpdateCurrentUser();
  const { signOut } = useAuth();
  const alerts = ALERT_FREQUENCIES.find((f) => f.slug === preferences?.alert_frequency);

  return (
    <>
      <ProfilePageHeader
        title="Settings"
        lead="Your email preferences, who sees your profile, and your account."
      />
      <div className="mt-8 space-y-6">
        {!user ? (
          <ProfileScreenLoading />
        ) : (
          <>
            <FormSection title="Email" lead={`We write to ${user.email ?? "your Google address"}.`}>
              <ToggleField
                label="News and hiring-trends reports"
                hint="Product news and the quarterly creator-economy hiring-trends report."
                checked={user.email_news}
                onChange={(checked) => {
                  if (!update.isPending) update.mutate({ email_news: checked });
                }}
              />
              <div className="flex items-start justify-between gap-6 text-sm">
                <div>
                  <p className="font-medium text-gray-900">Job alerts</p>
                  <p className="mt-1 text-gray-500">
                    {alerts ? `${alerts.label}.` : "…"} New jobs that match your preferences.
                  </p>
                </div>
                <Link
                  href={routes.preferences}
                  className="shrink-0 font-semibold text-violet-700 hover:text-violet-600"
                >
                  Change<span className="sr-only"> job alerts</span>
                </Link>
              </div>
            </FormSection>
            <VisibilitySection user={user} />
            <InvitationsSection user={user} />
            <ProfileViewsSection />
            <BlockedCompaniesSection />
            <FormSection
              title="Sign out"
              lead={`Sign out of ${boardSettings().name} on this device.`}
            >
              <div>
                <button
                  type="button"
                  className={secondaryButtonClass}
                  onClick={() => void signOut({ reloadTo: routes.home })}
                >
                  Sign out
                </button>
              </div>
            </FormSection>
            <FormSection
              title="Delete account"
              lead="Delete your profile and everything you saved here. You can sign up again later with a fresh account."
            >
              <div>
                <DeleteAccount />
              </div>
            </FormSection>
          </>
        )}
      </div>
    </>
  );
}
