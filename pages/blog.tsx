import { ContentPage } from "@/components/content-page";
import { routes } from "@/lib/routes";

export default function BlogPage() {
  return (
    <ContentPage
      eyebrow="Blog"
      title="Blog"
      description="Career advice, hiring guides and news for the people who build the creator economy."
      path={routes.blog}
    />
  );
}
