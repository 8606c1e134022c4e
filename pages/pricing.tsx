import { ContentPage } from "@/components/content-page";
import { routes } from "@/lib/routes";

export default function PricingPage() {
  return (
    <ContentPage
      eyebrow="Pricing"
      title="Sponsored job listings"
      description="Put your role in front of the creator economy's best people: pinned to the top of the board and promoted to our readers."
      path={routes.pricing}
    />
  );
}
