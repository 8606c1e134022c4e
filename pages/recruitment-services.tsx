import { ContentPage } from "@/components/content-page";
import { routes } from "@/lib/routes";

export default function RecruitmentServicesPage() {
  return (
    <ContentPage
      eyebrow="Pricing"
      title="Recruitment services"
      description="Hiring for a hard-to-fill role? We source, screen and shortlist candidates from the creator economy for you."
      path={routes.recruitmentServices}
    />
  );
}
