import { OverviewForm } from "@/features/account/components/overview-form";
import { ProfileScreenLoading } from "@/components/ui/profile-screen-state";
import { ProfilePageHeader } from "@/components/ui/profile-page-header";
import { useCurrentUser } from "@/hooks/use-current-user";

export default function ProfileOverviewPage() {
  const { data: user } = useCurrentUser();
  return (
    <>
      <ProfilePageHeader
        title="Profile overview"
        lead="How employers and the talent page see you."
      />
      <div className="mt-8">{user ? <OverviewForm user={user} /> : <ProfileScreenLoading />}</div>
    </>
  );
}
