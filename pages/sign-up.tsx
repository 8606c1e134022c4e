import { CheckIcon } from "@heroicons/react/20/solid";
import { SignInPanel, SignInSwitch } from "@/components/auth/sign-in-panel";
import { routes } from "@/lib/routes";

const BENEFITS = [
  "Save jobs and come back to them on any device",
  "Track every application from applied to offer",
  "Get job alerts that match your preferences",
  "Show employers you are open to work on the talent page",
];

export default function SignUpPage() {
  return (
    <SignInPanel
      title="Create your candidate profile"
      lead="It is free, and takes one click with your Google account."
      path={routes.signUp}
      methods={["google"]}
      footer={(next) => (
        <p>
          Already have a profile?{" "}
          <SignInSwitch href={routes.signIn} next={next}>
            Sign in
          </SignInSwitch>
        </p>
      )}
    >
      <ul className="mt-6 space-y-2 text-sm text-gray-700">
        {BENEFITS.map((benefit) => (
          <li key={benefit} className="flex gap-2">
            <CheckIcon aria-hidden="true" className="size-5 shrink-0 text-violet-600" />
            {benefit}
          </li>
        ))}
      </ul>
    </SignInPanel>
  );
}
