import { ContentPage } from "@/components/content-page";

export default function PostPage() {
  return (
    <ContentPage
      eyebrow="Blog"
      title="Blog post"
      description="Career advice, hiring guides and news for the creator economy."
    />
  );
}
