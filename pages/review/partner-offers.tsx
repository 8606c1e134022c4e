import { PartnerOffersScreen } from "@/features/moderation/components/partner-offers";
import { ModeratorScreen } from "@/features/moderation/components/moderator-screen";
import { routes } from "@/lib/routes";

/**
 * /review/partner-offers: the partner offers (issue 64), for editors and owners: added,
 * rewritten or ended in the app. (Not /review/offer, the prices console.)
 */
export default function ReviewPartnerOffersPage() {
  return (
    <ModeratorScreen
      title="Partner offers"
      lead="Partners' deals for the board's readers: each leaves the board by itself after its last day, or when you end it."
      back={{ href: routes.review, label: "Moderation" }}
      area="content"
      holds="Partner offers"
    >
      {() => <PartnerOffersScreen />}
    </ModeratorScreen>
  );
}
