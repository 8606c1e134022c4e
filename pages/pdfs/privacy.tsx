import { ContentPage } from "@/components/content-page";
import { routes } from "@/lib/routes";

export default function PrivacyPage() {
  return (
    <ContentPage
      eyebrow="Legal"
      title="Privacy Policy"
      description="How we collect, use and protect the personal data of candidates, employers and visitors."
      path={routes.legal.privacy}
    />
  );
}
