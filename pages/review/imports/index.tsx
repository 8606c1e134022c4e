import { ImportsReview } from "@/features/moderation/components/imports-review";
import { ModeratorScreen } from "@/features/moderation/components/moderator-screen";
import { routes } from "@/lib/routes";

/**
 * /review/imports: every board imported from an applicant tracking system (issue 46), beside
 * /review. Moderators only, as the API says; anyone else is told so.
 */
export default function ReviewImportsPage() {
  return (
    <ModeratorScreen
      title="Imports"
      lead="Boards imported from applicant tracking systems: approve a first import, pause one that misbehaves, and import a board for a company."
      back={{ href: routes.review, label: "Moderation" }}
      area="imports"
      holds="Imports from applicant tracking systems"
    >
      {() => <ImportsReview />}
    </ModeratorScreen>
  );
}
