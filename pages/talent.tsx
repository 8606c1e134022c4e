import { ContentPage } from "@/components/content-page";
import { routes } from "@/lib/routes";

export default function TalentPage() {
  return (
    <ContentPage
      eyebrow="Candidates"
      title="Creator economy talent"
      description="Candidates open to new roles in the creator economy, with the skills brands, agencies and platforms hire for."
      path={routes.talent}
    />
  );
}
