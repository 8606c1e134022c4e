import { ContentPage } from "@/components/content-page";
import { routes } from "@/lib/routes";

export default function SubmitPage() {
  return (
    <ContentPage
      eyebrow="For employers"
      title="Post a job"
      description="Reach thousands of people who work in the creator economy: marketers, partnership managers, designers, engineers and more."
      path={routes.submit}
    />
  );
}
