import { ImportsScreen } from "@/features/imports/components/imports-screen";
import { BackToListings } from "@/features/listings/components/back-to-listings";
import { EmptyList, ProfileScreenLoading } from "@/components/ui/profile-screen-state";
import { LoadFailed } from "@/components/ui/load-failed";
import { ProfilePageHeader } from "@/components/ui/profile-page-header";
import { useImports } from "@/features/imports/hooks/use-imports";
import { routes } from "@/lib/routes";

/**
 * /listings/imports: jobs imported from the company's applicant tracking system (issue 46), for
 * its owner and admins. Signed in only (the profile layout sees to that); the API says who may
 * read it, and anyone else is told who can.
 */
export default function ImportsPage() {
  const { data, isPending, isError, refetch } = useImports();

  let content;
  if (isPending) content = <ProfileScreenLoading />;
  else if (isError || !data) {
    content = <LoadFailed what="Your imports" retry={() => void refetch()} />;
  } else if (data.state === "no_company") {
    content = (
      <EmptyList title="No company yet" action={{ href: routes.submit, label: "Post a job" }}>
        Your company is made with your first listing; then its jobs can come from your applicant
        tracking system.
      </EmptyList>
    );
  } else if (data.state === "forbidden") {
    content = (
      <EmptyList title="Only the owner and admins manage imports">
        Ask your company&apos;s owner or an admin to connect your applicant tracking system, or to
        change what it imports.
      </EmptyList>
    );
  } else content = <ImportsScreen sources={data.sources} />;

  return (
    <>
      <ProfilePageHeader
        title="Imports"
        lead="Post your jobs from your applicant tracking system: connect its public board, choose what to take, and they stay in step."
      />
      <div className="mt-6">
        <BackToListings />
      </div>
      <div className="mt-8">{content}</div>
    </>
  );
}
