import { ContentPage } from "@/components/content-page";
import { routes } from "@/lib/routes";

export default function LinkedinLoginPage() {
  return (
    <ContentPage
      eyebrow="Sign in"
      title="Sign in with LinkedIn"
      description="Use your LinkedIn account to sign in to your candidate profile."
      path={routes.linkedinLogin}
    />
  );
}
