import { SignInPanel, SignInSwitch } from "@/components/auth/sign-in-panel";
import { publicEnv } from "@/lib/public-env";
import { routes } from "@/lib/routes";

const otherWays = (next: string | undefined) => (
  <p>
    Or{" "}
    <SignInSwitch href={routes.signIn} next={next}>
      sign in with Google
    </SignInSwitch>
    .
  </p>
);

export default function LinkedinLoginPage() {
  if (!publicEnv.linkedinProviderId) {
    return (
      <SignInPanel
        title="Sign in with LinkedIn"
        lead="LinkedIn sign-in is not available on this site yet. You can sign in with your Google account instead."
        path={routes.linkedinLogin}
        methods={[]}
        footer={otherWays}
      />
    );
  }
  return (
    <SignInPanel
      title="Sign in with LinkedIn"
      lead="Use your LinkedIn account to sign in to your candidate profile."
      path={routes.linkedinLogin}
      methods={["linkedin"]}
      footer={otherWays}
    />
  );
}
