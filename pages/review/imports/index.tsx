import { EmptyList, ProfileScreenLoading } from "@/components/profile/profile-screen-state";
import { ImportsReview } from "@/components/review/imports-review";
import { Link } from "@/components/ui/link";
import { ProfilePageHeader } from "@/components/ui/profile-page-header";
import { useCurrentUser } from "@/hooks/use-current-user";
import { routes } from "@/lib/routes";

/**
 * /review/imports: every board imported from an applicant tracking system (issue 46), beside
 * /review. Moderators only, as the API says; anyone else is told so.
 */
export default function ReviewImportsPage() {
  const { data: user } = useCurrentUser();

  let content;
  if (!user) content = <ProfileScreenLoading />;
  else if (!user.is_moderator) {
    content = (
      <EmptyList title="For moderators only">
        Imports from applicant tracking systems are open to the people who moderate the board.
      </EmptyList>
    );
  } else content = <ImportsReview />;

  return (
    <>
      <ProfilePageHeader
        title="Imports"
        lead="Boards imported from applicant tracking systems: approve a first import, pause one that misbehaves, and import a board for a company."
      />
      <p className="mt-3 text-sm">
        <Link href={routes.review} className="font-medium text-violet-700 hover:underline">
          ← Moderation
        </Link>
      </p>
      <div className="mt-8">{content}</div>
    </>
  );
}
