import { RevenueReport } from "@/features/billing/components/revenue-report";
import { ModeratorScreen } from "@/features/moderation/components/moderator-screen";
import { routes } from "@/lib/routes";

/**
 * /review/revenue: what the board brought in (issue 63), by month, product and coupon, with CSV.
 * Moderators only, as the API says; anyone else is told so.
 */
export default function ReviewRevenuePage() {
  return (
    <ModeratorScreen
      title="Revenue"
      lead="What each plan, pack, upgrade, subscription and coupon brought in, by month, from the invoices issued."
      back={{ href: routes.review, label: "Moderation" }}
      area="finance"
      holds="The revenue report"
    >
      {() => <RevenueReport />}
    </ModeratorScreen>
  );
}
