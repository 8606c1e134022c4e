import { ContentPage } from "@/components/content-page";
import { routes } from "@/lib/routes";

export default function EmployerTermsPage() {
  return (
    <ContentPage
      eyebrow="Legal"
      title="Terms of Service for Employers"
      description="The terms that apply when you post jobs, buy sponsored listings or use our recruitment services."
      path={routes.legal.tosEmployers}
    />
  );
}
