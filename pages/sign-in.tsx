import { ContentPage } from "@/components/content-page";
import { routes } from "@/lib/routes";

export default function SignInPage() {
  return (
    <ContentPage
      eyebrow="Welcome back"
      title="Sign in"
      description="Sign in to save jobs, track your applications and tell employers you are open to work."
      path={routes.signIn}
    />
  );
}
