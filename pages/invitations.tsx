import { EmptyList, ProfileScreenLoading } from "@/components/ui/profile-screen-state";
import { ReceivedInvitationList } from "@/features/directory/components/received-invitations";
import { LoadFailed } from "@/components/ui/load-failed";
import { ProfilePageHeader } from "@/components/ui/profile-page-header";
import { useReceivedInvitations } from "@/features/directory/hooks/use-job-invitations";
import { routes } from "@/lib/routes";

/**
 * /invitations: employers' invitations to apply (issue 47), for the candidate they were sent to:
 * each with its company, job and message; one waiting for an answer is accepted (on to the job's
 * application form) or declined, with a reason and the company stopped if they wish.
 */
export default function InvitationsPage() {
  const { data: invitations, isError, refetch } = useReceivedInvitations();

  let content;
  if (isError) {
    content = <LoadFailed what="Your invitations" retry={() => void refetch()} />;
  } else if (!invitations) content = <ProfileScreenLoading />;
  else if (invitations.length === 0) {
    content = (
      <EmptyList
        title="No invitations yet"
        action={{ href: routes.profileVisibility, label: "Who can see your profile" }}
      >
        Employers hiring on the board search the profiles candidates let them see, and invite those
        who fit a job to apply. Make your profile public or visible to employers in Settings, and
        fill in your overview and preferences so they find you.
      </EmptyList>
    );
  } else content = <ReceivedInvitationList invitations={invitations} />;

  return (
    <>
      <ProfilePageHeader
        title="Invitations"
        lead="Employers who found your profile and invited you to apply to one of their jobs."
      />
      <div className="mt-8">{content}</div>
    </>
  );
}
