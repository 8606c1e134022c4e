import dynamic from "next/dynamic";
import { Link } from "@/components/ui/link";
import { AccountPicturePending } from "@/components/layout/account-picture-pending";
import { useAuth } from "@/lib/auth/auth-context";
import { routes } from "@/lib/routes";

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

/** The user's avatar linking to their profile when signed in; a Sign in button otherwise. */
export function AccountLink({
  signInClassName,
  profileClassName,
  profileLabelClassName = "sr-only",
  onNavigate,
}: AccountLinkProps) {
  const { token } = useAuth();

  if (!token) {
    return (
      <Link href={routes.signIn} className={signInClassName} onClick={onNavigate}>
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
