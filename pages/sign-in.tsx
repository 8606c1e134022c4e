import { SignInPanel, SignInSwitch } from "@/components/auth/sign-in-panel";
import { Link } from "@/components/ui/link";
import { publicEnv } from "@/lib/public-env";
import { routes } from "@/lib/routes";

export default function SignInPage() {
  return (
    <SignInPanel
      title="Sign in"
      lead="Looking for work: save jobs, track your applications and tell employers you are open to it. Hiring: post jobs, manage your applicants and your team."
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
          <li>
            Hiring?{" "}
            <Link
              href={routes.submit}
              className="font-semibold text-violet-700 hover:text-violet-600"
            >
              Post a job
            </Link>
            , and sign in as you send it.
          </li>
        </ul>
      )}
    />
  );
}
