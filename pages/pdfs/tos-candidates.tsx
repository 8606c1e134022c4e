import { ContentPage } from "@/components/content-page";
import { routes } from "@/lib/routes";

export default function CandidateTermsPage() {
  return (
    <ContentPage
      eyebrow="Legal"
      title="Terms of Service for Candidates"
      description="The terms that apply when you create a candidate profile and apply for jobs."
      path={routes.legal.tosCandidates}
    />
  );
}
