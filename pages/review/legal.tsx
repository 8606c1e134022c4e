import { LegalEditor } from "@/features/content/components/legal-editor";
import { ModeratorScreen } from "@/features/moderation/components/moderator-screen";
import { routes } from "@/lib/routes";

/**
 * /review/legal: the legal documents edited in the app (issue 64), by the board's editors and
 * owners: each change a new version with what changed. Anyone else is told so.
 */
export default function ReviewLegalPage() {
  return (
    <ModeratorScreen
      title="Legal pages"
      lead="Edit the terms, the privacy policy and the acceptable use policy: each change is published as a new version, with what changed."
      back={{ href: routes.review, label: "Moderation" }}
      area="content"
      holds="Legal pages"
    >
      {() => <LegalEditor />}
    </ModeratorScreen>
  );
}
