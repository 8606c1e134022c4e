import { BoardSettingsScreen } from "@/features/moderation/components/board-settings-form";
import { ModeratorScreen } from "@/features/moderation/components/moderator-screen";
import { routes } from "@/lib/routes";

/**
 * /review/settings: the board's name, tagline, hero text, contact address and links (issue 64),
 * for its owners. Anyone else is told so.
 */
export default function ReviewSettingsPage() {
  return (
    <ModeratorScreen
      title="Board settings"
      lead="The board's name, tagline, hero text, contact address and links, as the header, footer, mail and search engines show them."
      back={{ href: routes.review, label: "Moderation" }}
      area="settings"
      holds="The board's settings"
    >
      {() => <BoardSettingsScreen />}
    </ModeratorScreen>
  );
}
