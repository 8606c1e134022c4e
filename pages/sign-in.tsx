import { SignInPanel, SignInSwitch } from "@/components/auth/sign-in-panel";
import { publicEnv } from "@/lib/public-env";
import { routes } from "@/lib/routes";

export default function SignInPage() {
  return (
    <SignInPanel
      title="Sign in"
      lead="Save jobs, track your applications and tell employers you are open to work."
      path={routes.signIn}
      methods={["google"]}
      footer={(next) => (
        <ul className="space-y-2">
          {publicEnv.linkedinProviderId && (
            <li>
              Prefer LinkedIn?{" "}
              <SignInSwitch href={routes.linkedinLogin} next={next}>
                Sign in with LinkedIn
              </SignInSwitch>
            </li>
          )}
          <li>
            New here?{" "}
            <SignInSwitch href={routes.signUp} next={next}>
              Create your candidate profile
            </SignInSwitch>
          </li>
        </ul>
      )}
    />
  );
}
