import { UserCircleIcon } from "@heroicons/react/24/solid";
import Link from "next/link";
import { Avatar, AVATAR_SIZES } from "@/components/ui/avatar";
import { useCurrentUser } from "@/hooks/use-current-user";
import { useAuth } from "@/lib/auth/auth-context";
import { routes } from "@/lib/routes";

type AccountLinkProps = {
  signInClassName: string;
  profileClassName: string;
  /** "sr-only" in the header bar; shown beside the picture in the mobile panel. */
  profileLabelClassName?: string;
  onNavigate?: () => void;
};

const size = AVATAR_SIZES.chat;

/** The user's avatar linking to their profile when signed in; a Sign in button otherwise. */
export function AccountLink({
  signInClassName,
  profileClassName,
  profileLabelClassName = "sr-only",
  onNavigate,
}: AccountLinkProps) {
  const { token } = useAuth();
  const { data: user, isPending } = useCurrentUser();

  if (!token) {
    return (
      <Link href={routes.signIn} className={signInClassName} onClick={onNavigate}>
        Sign in
      </Link>
    );
  }

  // Every state takes the avatar's place and size, so the header does not shift as it loads.
  const placeholder = <UserCircleIcon aria-hidden="true" style={{ width: size, height: size }} />;
  let picture = placeholder;
  if (isPending) {
    picture = (
      <span
        aria-hidden="true"
        className="block animate-pulse rounded-full bg-current opacity-20"
        style={{ width: size, height: size }}
      />
    );
  } else if (user?.avatar_url) {
    picture = <Avatar src={user.avatar_url} size="chat" fallback={placeholder} />;
  }

  return (
    <Link href={routes.profile} className={profileClassName} onClick={onNavigate}>
      {picture}
      <span className={profileLabelClassName}>Your profile</span>
    </Link>
  );
}
