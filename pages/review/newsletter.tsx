import { NewsletterEditorScreen } from "@/features/newsletter/components/newsletter-editor";
import { ModeratorScreen } from "@/features/moderation/components/moderator-screen";
import { routes } from "@/lib/routes";

/**
 * /review/newsletter: the weekly newsletter's issues, and the coming one's subject, introduction
 * and order (issue 66). Editors and owners, as the API says; anyone else is told so.
 */
export default function ReviewNewsletterPage() {
  return (
    <ModeratorScreen
      title="Newsletter"
      lead="The weekly issue goes out by itself every Monday at 14:00 UTC: write its introduction and change its order before then."
      back={{ href: routes.review, label: "Moderation" }}
      area="content"
      holds="The newsletter"
    >
      {() => <NewsletterEditorScreen />}
    </ModeratorScreen>
  );
}
