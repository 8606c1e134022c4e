import dynamic from "next/dynamic";
import { useRouter } from "next/router";
import { Link } from "@/components/ui/link";
import { AccountPicturePending } from "@/components/layout/account-picture-pending";
import { useAuth } from "@/lib/auth/auth-context";
import { routes, SIGN_IN_ROUTES, signInThenBackTo } from "@/lib/routes";

type AccountLinkProps = {
  signInClassName: string;
  profileClassName: string;
  /** "sr-only" in the header bar; shown beside the picture in the mobile panel. */
  profileLabelClassName?: string;
  onNavigate?: () => void;
};

// Every state takes the avatar's place and size, so the header does not shift as it loads.
const AccountPicture = dynamic(
  () => import("@/components/layout/account-picture").then((module) => module.AccountPicture),
  { ssr: false, loading: AccountPicturePending },
);

/**
 * The user's avatar linking to their profile when signed in; a Sign in button otherwise, which
 * brings the visitor back to the page they were on.
 */
export function AccountLink({
  signInClassName,
  profileClassName,
  profileLabelClassName = "sr-only",
  onNavigate,
}: AccountLinkProps) {
  const { token } = useAuth();
  const { pathname, asPath } = useRouter();

  if (!token) {
    // Back to this page once signed in (issue 61); from a sign-in page, wherever that one goes.
    const href = SIGN_IN_ROUTES.includes(pathname) ? routes.signIn : signInThenBackTo(asPath);
    return (
      <Link href={href} className={signInClassName} onClick={onNavigate}>
        Sign in
      </Link>
    );
  }

  return (
    <Link href={routes.profile} className={profileClassName} onClick={onNavigate}>
      <AccountPicture />
      <span className={profileLabelClassName}>Your profile</span>
    </Link>
  );
}
