import { ContentPage } from "@/components/content-page";

export default function OfferPage() {
  return (
    <ContentPage
      eyebrow="Partner offer"
      title="Partner offer"
      description="A deal on a tool for creators and their teams, from one of our partners."
    />
  );
}
