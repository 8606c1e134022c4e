import { InvoicesReview } from "@/features/moderation/components/invoices-review";
import { ModeratorScreen } from "@/features/moderation/components/moderator-screen";
import { routes } from "@/lib/routes";

/**
 * /review/billing: the moderators' invoices (issue 45), beside /review. Moderators only, as the
 * API says; anyone else is told so.
 */
export default function ReviewBillingPage() {
  return (
    <ModeratorScreen
      title="Invoices"
      lead="Follow up unpaid invoices: mark bank transfers paid, refund, and set how each company pays."
      back={{ href: routes.review, label: "Moderation" }}
      area="finance"
      holds="Invoices and payment terms"
    >
      {() => <InvoicesReview />}
    </ModeratorScreen>
  );
}
