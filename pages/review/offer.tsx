import { OfferConsole } from "@/features/billing/components/offer-console";
import { ModeratorScreen } from "@/features/moderation/components/moderator-screen";
import { routes } from "@/lib/routes";

/**
 * /review/offer: what the board sells (issue 63), set by its moderators without a deploy: plans,
 * packs, coupons, the currency and /pricing's comparison. Moderators only, as the API says; anyone else is
 * told so.
 */
export default function ReviewOfferPage() {
  return (
    <ModeratorScreen
      title="Prices and plans"
      lead="Set what the board sells: its plans and packs, their prices, its coupons, the currency and the comparison on /pricing."
      back={{ href: routes.review, label: "Moderation" }}
      area="finance"
      holds="Prices and plans"
    >
      {() => <OfferConsole />}
    </ModeratorScreen>
  );
}
