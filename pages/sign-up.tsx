import { ContentPage } from "@/components/content-page";
import { routes } from "@/lib/routes";

export default function SignUpPage() {
  return (
    <ContentPage
      eyebrow="Join free"
      title="Create your account"
      description="Save jobs, track your applications and get matched with roles in the creator economy."
      path={routes.signUp}
    />
  );
}
