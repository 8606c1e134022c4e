import { BoardTeamScreen } from "@/features/moderation/components/board-team";
import { ModeratorScreen } from "@/features/moderation/components/moderator-screen";
import { routes } from "@/lib/routes";

/**
 * /review/team: the board's own team (issue 64), for its owners: who runs the board with which
 * role, invitations by mail, role changes and removals. Anyone else is told so.
 */
export default function ReviewTeamPage() {
  return (
    <ModeratorScreen
      title="The board's team"
      lead="Who runs the board, with which role: invite someone by address, change a role, or remove a member."
      back={{ href: routes.review, label: "Moderation" }}
      area="team"
      holds="The board's team"
    >
      {() => <BoardTeamScreen />}
    </ModeratorScreen>
  );
}
