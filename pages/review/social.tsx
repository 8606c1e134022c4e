import { SocialConsole } from "@/features/social/components/social-console";
import { ModeratorScreen } from "@/features/moderation/components/moderator-screen";
import { useCurrentUser } from "@/hooks/use-current-user";
import { routes } from "@/lib/routes";

/**
 * /review/social (issue 66): the board's social channels for its owners (connect, test, what is
 * posted), and what went where for owners and moderators (retry, skip).
 */
export default function ReviewSocialPage() {
  const { data: user } = useCurrentUser();
  return (
    <ModeratorScreen
      title="Social channels"
      lead="Where the board posts its listings: Featured ones, or every new one, within minutes of going live, and taken down when they end."
      back={{ href: routes.review, label: "Moderation" }}
      area="operations"
      holds="The social channels' posts"
    >
      {() => <SocialConsole owner={user?.board_areas.includes("settings") ?? false} />}
    </ModeratorScreen>
  );
}
